// Where a key path sits in an author's file, found cheaply from its text. A guess that could
// point at the wrong line is worse than none, so these answer only when the match is unique.

type Path = PropertyKey[];

/** The line of `key: value` (JS, TS, JSON) for the last key of the path, when exactly one line has it. */
export function uniqueLine(text: string, path: Path, value: unknown): number | undefined {
  const key = path.at(-1);
  // A missing key has no line of its own, and another object's key of that name is not it.
  if (typeof key !== 'string' || value === undefined) return undefined;
  const keyPattern = new RegExp(`(^|[\\s{,])["']?${escape(key)}["']?\\s*:`);
  let lines = matching(text, (line) => keyPattern.test(line));
  if (lines.length > 1 && (typeof value !== 'object' || value === null)) {
    const literals = typeof value === 'string' ? [`'${value}'`, `"${value}"`, `\`${value}\``] : [String(value)];
    lines = lines.filter((index) => literals.some((literal) => text.split('\n')[index]!.includes(literal)));
  }
  return lines.length === 1 ? lines[0]! + 1 : undefined;
}

/** The line of a top-level YAML key in frontmatter (1-based in the file, counting the opening ---). */
export function frontmatterKeyLine(yaml: string, path: Path): number | undefined {
  const key = path[0];
  if (typeof key !== 'string') return undefined;
  const index = yaml.split('\n').findIndex((line) => line.startsWith(`${key}:`));
  return index >= 0 ? index + 2 : undefined;
}

function matching(text: string, test: (line: string) => boolean): number[] {
  return text.split('\n').flatMap((line, index) => (test(line) ? [index] : []));
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

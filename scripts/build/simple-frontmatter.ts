// Most frontmatter is a few `key: "text"` and `key: 12` lines. Reading those directly costs a
// tenth of a full YAML parse, which discovery would otherwise run for each of 10,000 pages before
// compiling can start. Anything else (plain or single-quoted text, escapes, lists, booleans,
// comments, repeated keys) answers undefined and goes through the YAML parser, errors included.

/**
 * One line the shortcut reads: a key, then a double-quoted text without escapes or a whole number.
 * Control characters are left to the parser, which may refuse or fold them.
 */
const simpleLine =
  // eslint-disable-next-line no-control-regex
  /^([A-Za-z_][A-Za-z0-9_]*): (?:"([^"\\\x00-\x1f\x7f-\x9f\u2028\u2029\ufeff]*)"|(0|[1-9][0-9]{0,14}))$/;

/** Keys YAML reads as null or a boolean rather than as their text. */
const nonTextKey = /^(?:null|Null|NULL|true|True|TRUE|false|False|FALSE)$/;

/** The frontmatter's data, when every line is a simple one; the YAML parser gives the same. */
export function simpleFrontmatter(text: string): Record<string, unknown> | undefined {
  const data: Record<string, unknown> = {};
  for (const line of text.split('\n')) {
    const match = simpleLine.exec(line);
    if (!match) return undefined;
    const key = match[1]!;
    // YAML rejects a repeated key; `__proto__` would set the object's prototype here.
    if (Object.hasOwn(data, key) || key === '__proto__' || nonTextKey.test(key)) return undefined;
    data[key] = match[2] ?? Number(match[3]);
  }
  return data;
}

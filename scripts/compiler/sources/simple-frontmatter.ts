// Much frontmatter is a few `key: "text"`, `key: 12` and `key: ["a", "b"]` lines. Reading those
// directly costs a fraction of a full YAML parse, which discovery would otherwise run for every
// page before compiling can start. Anything else (plain or single-quoted text, escapes,
// other list spellings, booleans, comments, repeated keys) answers undefined and goes through the
// YAML parser, errors included.

/** Text between double quotes the shortcut reads as it stands: no escapes, no control characters. */
const quoted = String.raw`"[^"\\\x00-\x1f\x7f-\x9f\u2028\u2029\ufeff]*"`;

/**
 * One line the shortcut reads: a key, then a quoted text, a whole number or a list of quoted texts
 * written `["a", "b"]`. Control characters are left to the parser, which may refuse or fold them.
 */
const simpleLine = new RegExp(
  String.raw`^([A-Za-z_][A-Za-z0-9_]*): (?:(${quoted})|(0|[1-9][0-9]{0,14})|\[((?:${quoted}(?:, ${quoted})*)?)\])$`,
);
const quotedText = new RegExp(quoted, 'g');

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
    if (match[2] !== undefined) data[key] = match[2].slice(1, -1);
    else if (match[3] !== undefined) data[key] = Number(match[3]);
    else data[key] = (match[4]!.match(quotedText) ?? []).map((text) => text.slice(1, -1));
  }
  return data;
}

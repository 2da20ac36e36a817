// The globs a Docusaurus content plugin's `include` and `exclude` are written in (`**/*.{md,mdx}`,
// `**/_*/**`): `**` any folders, `*` and `?` within one name, `{a,b}` either. Enough for what
// configs write; a path is matched relative to the content folder, with `/` between names.

/** A test of a relative path against any of `globs`. */
export function globMatcher(globs: readonly string[]): (path: string) => boolean {
  const patterns = globs.map(globRegExp);
  return (path) => patterns.some((pattern) => pattern.test(path));
}

export function globRegExp(glob: string): RegExp {
  let source = '';
  let braces = 0;
  for (let at = 0; at < glob.length; at++) {
    const char = glob[at]!;
    if (glob.startsWith('**/', at)) {
      source += '(?:.*/)?';
      at += 2;
    } else if (glob.startsWith('**', at)) {
      source += '.*';
      at += 1;
    } else if (char === '*') source += '[^/]*';
    else if (char === '?') source += '[^/]';
    else if (char === '{') {
      braces++;
      source += '(?:';
    } else if (char === '}' && braces > 0) {
      braces--;
      source += ')';
    } else if (char === ',' && braces > 0) source += '|';
    else source += char.replace(/[.+^$()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${source}$`);
}

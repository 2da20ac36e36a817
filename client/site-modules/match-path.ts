// React Router 5's `matchPath`, for the paths Docusaurus's hooks and site code match: literal
// segments and `:params`, exact or as a prefix (at a segment's end), with or without a trailing slash.

export interface MatchOptions {
  path?: string | string[];
  exact?: boolean;
  strict?: boolean;
}

export interface Match {
  path: string;
  url: string;
  isExact: boolean;
  params: Record<string, string>;
}

export function matchPath(pathname: string, options: string | string[] | MatchOptions = {}): Match | null {
  const { path, exact = false } = typeof options === 'string' || Array.isArray(options) ? { path: options } : options;
  for (const pattern of ([] as (string | undefined)[]).concat(path)) {
    if (pattern === undefined) continue;
    const names: string[] = [];
    const source = pattern
      .replace(/\/+$/, '')
      .split('/')
      .map((segment) => {
        const param = /^:(\w+)(\?)?$/.exec(segment);
        if (!param) return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
        names.push(param[1]!);
        return param[2] ? '?([^/]*)' : '([^/]+)';
      })
      .join('/');
    const match = new RegExp(`^(${source})(?:/?$${exact ? '' : '|/'})`, 'i').exec(pathname);
    if (!match) continue;
    const url = match[1] === '' ? '/' : match[1]!;
    const isExact = pathname.replace(/\/$/, '') === url.replace(/\/$/, '');
    if (exact && !isExact) continue;
    return {
      path: pattern,
      url,
      isExact,
      params: Object.fromEntries(names.map((name, index) => [name, decodeURIComponent(match[index + 2] ?? '')])),
    };
  }
  return null;
}

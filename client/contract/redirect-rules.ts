// Redirect rules of a site's `static/_redirects` that a route table cannot hold: sources with a
// splat (`/old/*`), placeholders (`/blog/:year/:slug`), query, language or country conditions or a
// host. The build writes them in file order into the manifest (their number grows with the file,
// not the site); the worker tries them when the exact lookup of a path finds nothing, or finds a
// page and the rule is forced (`301!`). The build uses the same path matcher (`matchPath`) to keep
// Netlify's first-match order.

/** What a matching rule does: redirect (3xx), serve another route (200) or another page with 404. */
export type RuleStatus = 200 | 301 | 302 | 303 | 307 | 308 | 404;

export interface RedirectRule {
  /** Line in `_redirects`, for messages. */
  line: number;
  /** Lower-case host of an absolute-URL source (`https://old.example/*`); absent: any host. */
  host?: string;
  /** Canonical source path: segments, `:name` placeholders, a final `*`. */
  from: string;
  /** Query conditions, parameter → `:name` to bind, or the literal value it must have. */
  query?: Record<string, string>;
  /** Reader conditions: preferred languages (`en`, `pt-br`) or countries (`us`), lower case, any of. */
  language?: string[];
  country?: string[];
  /** Target path or absolute URL, with `:name` and `:splat` to fill in. */
  to: string;
  status: RuleStatus;
  /** `!`: applies even when a page answers at the source. */
  force: boolean;
}

export interface RuleRequest {
  host: string;
  /** Canonical path (worker/services/paths.ts canonicalForm). */
  path: string;
  query: URLSearchParams;
  /** The reader's first language of `Accept-Language`, lower case (`en-gb`). */
  language?: string;
  /** The reader's country as the edge sees it (`request.cf.country`), lower case. */
  country?: string;
}

/** The rule's target for this request, filled in and URL-escaped; undefined when the rule does not match. */
export function matchRule(rule: RedirectRule, request: RuleRequest): string | undefined {
  if (rule.host && rule.host !== request.host.toLowerCase()) return undefined;
  if (rule.country && !rule.country.includes(request.country ?? '')) return undefined;
  // `Language=en` takes `en-gb` too; `Language=pt-br` only that.
  const language = request.language ?? '';
  if (rule.language && !rule.language.some((wanted) => language === wanted || language.startsWith(`${wanted}-`)))
    return undefined;
  const bound = matchPath(rule.from, request.path);
  if (!bound) return undefined;
  for (const [name, wanted] of Object.entries(rule.query ?? {})) {
    const value = request.query.get(name);
    if (value === null) return undefined;
    if (wanted.startsWith(':')) bound.set(wanted.slice(1), value);
    else if (value !== wanted) return undefined;
  }
  // Values are escaped where they land: a path keeps its slashes, a query value keeps nothing.
  // An empty splat takes its slash along: `/news` → `/blog`, not `/blog/`.
  const to = bound.get('splat') === '' ? rule.to.replace(/\/:splat(?![A-Za-z0-9_])/, '') || '/' : rule.to;
  const queryStart = to.includes('?') ? to.indexOf('?') : to.length;
  return to.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (whole, name: string, offset: number) => {
    const value = bound.get(name);
    if (value === undefined) return whole;
    return offset > queryStart ? encodeURIComponent(value) : encodeURI(value);
  });
}

/** Placeholder values when `path` fits the pattern (`splat` for the rest after `*`). */
export function matchPath(pattern: string, path: string): Map<string, string> | undefined {
  const wanted = pattern.split('/');
  const given = path.split('/');
  const bound = new Map<string, string>();
  for (const [index, segment] of wanted.entries()) {
    if (segment === '*' && index === wanted.length - 1) {
      // `/news/*` also matches `/news` itself, with an empty splat.
      bound.set('splat', given.slice(index).join('/'));
      return bound;
    }
    const value = given[index];
    if (value === undefined) return undefined;
    if (segment.startsWith(':') && segment.length > 1 && value !== '') bound.set(segment.slice(1), value);
    else if (segment !== value) return undefined;
  }
  return given.length === wanted.length ? bound : undefined;
}

/** The language a reader ranks first (highest `q`, first listed on a tie), lower case. */
export function firstLanguage(header: string | null): string | undefined {
  let best: { tag: string; q: number } | undefined;
  for (const part of (header ?? '').split(',')) {
    const [tag = '', ...params] = part.trim().split(';');
    const q = Number(
      params
        .find((param) => param.trim().startsWith('q='))
        ?.trim()
        .slice(2) ?? 1,
    );
    if (tag && tag !== '*' && (!best || q > best.q)) best = { tag: tag.toLowerCase(), q };
  }
  return best?.tag;
}

/** Whether a source is a plain path the route table can hold as it is. */
export function isExactSource(from: string): boolean {
  return !from.split('/').some((segment) => segment === '*' || segment.startsWith(':'));
}

// URLs of a page's other forms and of a build's immutable data files, alike for the server and the browser.

/** URL of a sidebar's data file: immutable, shared by every page of the sidebar. */
export function sidebarDataPath(hash: string): string {
  return `/__data/sidebar/${hash}.json`;
}

/** URL path of a search piece kept as a static asset. */
export function searchPiecePath(hash: string): string {
  return `/assets/search/${hash}.json`;
}

/** URL of a page's plain Markdown (`/intro.md`); the home page `/` is `/index.md`. */
export function markdownPath(route: string): string {
  return `${route === '/' ? '/index' : route}.md`;
}

/** URL of a page's data for client-side navigation; `/` is stored as `index`. */
export function pageDataPath(buildId: string, route: string): string {
  const name = route === '/' ? '/index' : route;
  return `/__data/${buildId}${name}.json`;
}

/** Same-origin path for a search record's URL, so hits work on any host the site is served from. */
export function relativeUrl(url: string): string {
  try {
    const parsed = new URL(url, 'https://placeholder.invalid');
    return `${parsed.pathname}${parsed.hash}`;
  } catch {
    return '/';
  }
}

/**
 * Whether a route is written with a slash after it on a site whose Docusaurus config says
 * `trailingSlash: true`. Not the home page, nor the search page the worker serves itself, nor a path
 * whose last segment has a dot (a file, or a route such as `/docs/1.0`, which keeps one spelling).
 */
function takesSlash(path: string): boolean {
  return path !== '/' && path !== '/search' && !/^\/(__|assets\/)/.test(path) && !/\.[^/]*$/.test(path);
}

/**
 * A route as its links spell it: stored routes have no trailing slash; a site with
 * `trailingSlash: true` writes `/docs/intro/`, and the worker redirects the other spelling.
 */
export function pagePath(route: string, trailingSlash: boolean | undefined): string {
  return trailingSlash === true && !route.endsWith('/') && takesSlash(route) ? `${route}/` : route;
}

/** An href as links spell it (`pagePath`): a path keeps its query and fragment; other hrefs are left as they are. */
export function pageHref(href: string, trailingSlash: boolean | undefined): string {
  if (trailingSlash !== true || !href.startsWith('/') || href.startsWith('//')) return href;
  const end = href.search(/[?#]/);
  if (end < 0) return pagePath(href, true);
  return pagePath(href.slice(0, end), true) + href.slice(end);
}

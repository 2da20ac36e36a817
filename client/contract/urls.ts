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

// Where a page's other forms are: its plain Markdown and its data for client-side navigation. Not
// in model.ts, which the first load shares with the lazy chunks: what its modules hold, the first
// load carries, and only the lazy chunks (Copy page, navigation) and the server use these.

/** URL of a page's plain Markdown (`/intro.md`); the home page `/` is `/index.md`. */
export function markdownPath(route: string): string {
  return `${route === '/' ? '/index' : route}.md`;
}

/** URL of a page's data for client-side navigation; `/` is stored as `index`. */
export function pageDataPath(buildId: string, route: string): string {
  const name = route === '/' ? '/index' : route;
  return `/__data/${buildId}${name}.json`;
}

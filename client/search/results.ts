// Search hit URLs as links of this site. Shared by the modal and the `/search` page's
// grouping (worker/services/search/page-results.ts).

/** Same-origin path for a record URL, so hits work on any host the site is served from. */
export function relativeUrl(url: string): string {
  try {
    const parsed = new URL(url, 'https://placeholder.invalid');
    return `${parsed.pathname}${parsed.hash}`;
  } catch {
    return '/';
  }
}

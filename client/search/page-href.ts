// The URL of a `/search` results page; shared by the page and the modal's links to it.

/** `page` counts from 0; `version` is the docs version searched when it is not the last one. */
export function searchPageHref(query: string, page = 0, version?: string): string {
  const params = new URLSearchParams({ q: query });
  if (page > 0) params.set('page', String(page + 1));
  if (version) params.set('version', version);
  return `/search?${params.toString()}`;
}

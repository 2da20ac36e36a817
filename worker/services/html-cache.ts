// Rendered pages in the edge cache, keyed by build, theme variant and path.

export function htmlCacheKey(buildId: string, variant: string, path: string): Request {
  return new Request(`https://html-cache.internal/${buildId}/${variant}${path}`);
}

// Canonical URLs: `/x.html`, `/x/index.html` and `/x/` all answer 301 to `/x`. Redirects a
// build declares are in its route table (content-store lookupRoute).

export type PathDecision = { kind: 'route'; path: string } | { kind: 'redirect'; location: string };

export function canonicalPath(pathname: string): PathDecision {
  let path = pathname;
  try {
    path = decodeURI(pathname);
  } catch {
    // A malformed escape is matched as written; it will be a 404.
  }
  let canonical = path.replace(/\/index\.html$/, '/').replace(/\.html$/, '');
  canonical = canonical.replace(/\/{2,}/g, '/');
  if (canonical.length > 1) canonical = canonical.replace(/\/+$/, '');
  if (canonical === '') canonical = '/';
  if (canonical !== path) return { kind: 'redirect', location: encodeURI(canonical) };
  return { kind: 'route', path: canonical };
}

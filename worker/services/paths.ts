// Canonical URLs: `/x.html`, `/x/index.html` and `/x/` all answer 301 to `/x`. Redirects a
// build declares are in its route table (content-store lookupRoute), looked up by the canonical
// form, so an old path in any spelling is one hop from its new home.

export type PathDecision = { kind: 'route'; path: string } | { kind: 'redirect'; location: string };

/** The canonical form of a request path, and whether the request used it. */
export function canonicalForm(pathname: string): { path: string; exact: boolean } {
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
  return { path: canonical, exact: canonical === path };
}

/** Serve the route, or redirect: to where the build moved it, else to its canonical spelling. */
export function decidePath(form: { path: string; exact: boolean }, movedTo: string | undefined): PathDecision {
  if (movedTo) return { kind: 'redirect', location: encodeURI(movedTo) };
  if (!form.exact) return { kind: 'redirect', location: encodeURI(form.path) };
  return { kind: 'route', path: form.path };
}

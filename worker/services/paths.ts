// Canonical URLs: `/x.html`, `/x/index.html` and `/x/` all answer 301 to `/x`; on a site whose
// Docusaurus config says `trailingSlash: true`, they and `/x` answer 301 to `/x/` (client/contract/urls.ts
// pagePath), and the route looked up is `/x` all the same. Redirects a
// build declares are in its route table (content-store lookupRoute), looked up by the canonical
// form, so an old path in any spelling is one hop from its new home. A path is decoded once: an
// escape of a reserved character (`%2F`, `%40`, `%3F`…) or of `%` itself stays as it came, in the
// lookup and in a redirect's Location, so that a redirect never decodes or escapes it a second time.

import { pagePath } from '../../client/contract/urls.ts';

export type PathDecision = { kind: 'route'; path: string } | { kind: 'redirect'; location: string };

export interface CanonicalForm {
  /** The canonical path as routes are named: decoded (`decodeURI`: reserved escapes kept). */
  path: string;
  /** Whether the request used the canonical spelling (with the site's trailing slash, if it has one). */
  exact: boolean;
  /** The canonical path with every escape the request wrote kept, `%25` included (for placeholders). */
  spelled: string;
  /** The canonical spelling as a Location: escapes kept as they came, the rest escaped once. */
  location: string;
}

/** The canonical form of a request path, and whether the request used it. */
export function canonicalForm(pathname: string, trailingSlash?: boolean): CanonicalForm {
  const path = decodeOnce(pathname);
  let canonical = path.replace(/\/index\.html$/, '/').replace(/\.html$/, '');
  canonical = canonical.replace(/\/{2,}/g, '/');
  if (canonical.length > 1) canonical = canonical.replace(/\/+$/, '');
  if (canonical === '') canonical = '/';
  const written = pagePath(canonical, trailingSlash);
  return {
    path: canonical.replace(/%25/gi, '%'),
    exact: written === path,
    spelled: canonical,
    location: locationOf(written),
  };
}

/**
 * `decodeURI`, except that `%25` is kept too: then every `%` left starts an escape the request
 * wrote, which `locationOf` keeps. A malformed escape leaves the path as written (a 404).
 */
function decodeOnce(pathname: string): string {
  try {
    return pathname
      .split(/%25/i)
      .map((part) => decodeURI(part))
      .join('%25');
  } catch {
    return pathname;
  }
}

/** A path as `decodeOnce` gives it, escaped for a Location: its kept escapes are not escaped again. */
export function locationOf(spelled: string): string {
  return encodeURI(spelled).replace(/%25([0-9A-Fa-f]{2})/g, '%$1');
}

/** Serve the route, or redirect: to where the build moved it, else to its canonical spelling. */
export function decidePath(form: CanonicalForm, movedTo: string | undefined): PathDecision {
  if (movedTo) return { kind: 'redirect', location: encodeURI(movedTo) };
  if (!form.exact) return { kind: 'redirect', location: form.location };
  return { kind: 'route', path: form.path };
}

// Where docs answer: every doc's route (unique, or the build stops naming both files), and the
// redirects the docs imply: the site root and each version's root to a first page, and a page
// given a `slug` from its file path.

import type { DocsVersion, SiteConfig } from '../../../client/contract/site-config.ts';
import { normaliseRoute, type SourceDoc } from '../sources/discover.ts';
import { BuildError, throwIfErrors, type Diagnostics } from '../errors.ts';
import type { VersionDocs } from '../sources/version-docs.ts';

/** The redirects of the docs of every version; `first` is the last version's first page. */
export function docRedirects(
  routes: Set<string>,
  docs: SiteConfig['docs'],
  versions: VersionDocs[],
  first: string | undefined,
): Record<string, string> {
  const redirects: Record<string, string> = {
    ...entryRedirects(routes, docs.routeBasePath, first),
    ...versionRootRedirects(routes, docs.versions),
  };
  for (const loaded of versions) Object.assign(redirects, legacyRedirects(loaded.docs, loaded.version.path));
  return redirects;
}

/** Routes are unique; two docs claiming one route is an error naming both files. */
export function assignRoutes(docs: SourceDoc[]): Map<string, string> {
  const owner = new Map<string, SourceDoc>();
  const errors: BuildError[] = [];
  for (const doc of docs) {
    const other = owner.get(doc.route.toLowerCase());
    if (other) {
      errors.push(
        new BuildError(
          doc.relPath,
          1,
          `duplicate route ${doc.route}: ${other.relPath} has it too`,
          'give one of the two pages another `slug` in its frontmatter, or rename the file',
        ),
      );
    } else owner.set(doc.route.toLowerCase(), doc);
  }
  throwIfErrors({ errors, warnings: [] } satisfies Diagnostics);
  return new Map(docs.map((doc) => [doc.file, doc.route]));
}

/**
 * A Docusaurus site whose home is a React page (src/pages) has no doc at `/`, nor maybe at its
 * docs root: both lead to the first doc of the first sidebar.
 */
function entryRedirects(routes: Set<string>, routeBasePath: string, first: string | undefined): Record<string, string> {
  if (!first) return {};
  const redirects: Record<string, string> = {};
  const base = normaliseRoute(routeBasePath);
  if (!routes.has(base)) redirects[base] = first;
  if (!routes.has('/')) redirects['/'] = routes.has(base) ? base : first;
  return redirects;
}

/** A version's root with no page of its own leads to the version's first page. */
function versionRootRedirects(routes: Set<string>, versions: DocsVersion[]): Record<string, string> {
  return Object.fromEntries(
    versions.filter((version) => !routes.has(version.path)).map((version) => [version.path, version.firstPage]),
  );
}

/** A page given a `slug` also answers at its file path, as the old site redirected it. */
function legacyRedirects(docs: SourceDoc[], routeBasePath: string): Record<string, string> {
  const redirects: Record<string, string> = {};
  const routes = new Set(docs.map((doc) => doc.route));
  for (const doc of docs) {
    const filePath = normaliseRoute(`${routeBasePath}/${doc.docPath.replace(/\.mdx?$/, '')}`.replace(/\/index$/, ''));
    if (filePath !== doc.route && !routes.has(filePath)) redirects[filePath] = doc.route;
  }
  return redirects;
}

// The pages a docs version makes from its sidebars, after its docs: its generated category pages and
// its listing pages. Nothing is compiled for them (each is made from the sidebars and the docs'
// front matter), so while `npm start` serves early one asked for is stored at once, before its turn.

import type { PageData } from '../../../client/contract/page.ts';
import { listingPageRoute } from '../../../client/contract/sidebar.ts';
import { generatedIndexPage } from '../navigation/generated-index.ts';
import { listingPage, listingPageCount } from '../navigation/sidebar-listings.ts';
import type { PageStore } from '../outputs/page-store.ts';
import type { VersionDocs } from '../sources/version-docs.ts';
import { setOf } from './doc-page.ts';
import { Turn, type CompilePriority } from './priority.ts';

interface SidebarPage {
  route: string;
  make: () => PageData;
}

/** The version's generated category pages, then its listing pages, in the order of their places. */
export function sidebarPages(loaded: VersionDocs): SidebarPage[] {
  const { sidebars, version } = loaded;
  const docsByRoute = new Map(loaded.docs.map((doc) => [doc.route, doc]));
  const descriptionOf = (route: string) => docsByRoute.get(route)?.description;
  const pages: SidebarPage[] = sidebars.generatedIndexes.map((index) => ({
    route: index.route,
    make: () => ({ ...generatedIndexPage(index, docsByRoute), ...setOf(version) }),
  }));
  for (const listing of sidebars.listings) {
    for (let page = 1; page <= listingPageCount(listing); page++)
      pages.push({
        route: listingPageRoute(listing.route, page),
        make: () => ({ ...listingPage(listing, page, descriptionOf), ...setOf(version) }),
      });
  }
  return pages;
}

/**
 * Stores the version's sidebar pages from place `first` on, once `turn` settles; before it, with
 * `priority`, each page asked for as soon as it is asked.
 */
export async function storeSidebarPages(
  loaded: VersionDocs,
  first: number,
  store: PageStore,
  { priority, turn = Promise.resolve() }: { priority?: CompilePriority; turn?: Promise<void> } = {},
): Promise<void> {
  const pages = sidebarPages(loaded);
  const stored = new Uint8Array(pages.length);
  const storeAt = async (index: number) => {
    stored[index] = 1;
    await store.store(pages[index]!.make(), first + index);
  };
  if (priority && pages.length > 0) {
    const indexOf = new Map(pages.map((page, index) => [page.route, index]));
    const ours = new Turn(turn);
    while (!ours.came) {
      for (const index of priority.take(indexOf, stored)) await storeAt(index);
      if (!ours.came) await ours.next(priority);
    }
  }
  await turn;
  for (let index = 0; index < pages.length; index++) if (!stored[index]) await storeAt(index);
}

// A page's site components ("islands") load their stylesheets and scripts from the build's
// manifest; the page stores only which modules it uses, so these are added when it is served,
// and only its own: a page without islands gets nothing, whatever the site has.

import type { IslandAssets } from '../../client/contract/page.ts';
import type { Manifest } from '../../client/contract/storage.ts';
import type { PageData } from '../../client/contract/page.ts';

export function withIslandAssets(page: PageData, manifest: Manifest): PageData {
  if (!page.islands?.length) return page;
  const islandAssets: Record<string, IslandAssets> = {};
  for (const island of page.islands) {
    const assets = manifest.islands?.[island];
    if (assets) islandAssets[island] = assets;
  }
  return { ...page, islandAssets };
}

/** The page's island stylesheets, each once, for the head. */
export function islandStyles(page: PageData | null | undefined): string[] {
  return [...new Set(Object.values(page?.islandAssets ?? {}).flatMap((assets) => assets.styles))];
}

/** The page's island scripts, to preload while the page loads. */
export function islandScripts(page: PageData | null | undefined): string[] {
  return Object.values(page?.islandAssets ?? {}).flatMap((assets) => (assets.script ? [assets.script] : []));
}

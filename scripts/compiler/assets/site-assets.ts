// Step "assets": the browser bundle (our code, the site's component modules, our stylesheet in
// groups) and the site's own stylesheet. esbuild bundles them in a process of its own, so they are
// started before the build writes its tables and awaited after.

import type { ClientAssets } from '../../../client/contract/assets.ts';
import type { BuildError } from '../errors.ts';
import type { PageContext } from '../compile/page-context.ts';
import type { DocsGlobalData } from '../../../client/contract/docs-global-data.ts';
import { bundleClient, writeClient, type ClientBundle } from './client-bundle.ts';
import { bundleSiteStyles, writeSiteStyles, type SiteStyles } from './site-styles.ts';

export interface SiteAssetsInput {
  siteDir: string;
  /** The site's component modules pages use. */
  islands: string[];
  pageContext: PageContext;
  docsData?: DocsGlobalData;
  /** The classic preset's `theme.customCss` files. */
  customCss: string[];
  configFile: string;
  /** The site draws ```mermaid diagrams (`markdown.mermaid`): the diagram chunk is bundled. */
  mermaid?: boolean;
  /** No browser bundle (unit tests of the content steps). */
  skipClient?: boolean;
}

export interface SiteAssets {
  bundle?: ClientBundle;
  /** The site's own stylesheet, when it has one. */
  styles?: SiteStyles;
  /** What the manifest names: ours, then the site's stylesheet, so its rules win where both style a thing. */
  assets: ClientAssets;
  warnings: BuildError[];
}

/** Starts both bundles; the function it returns waits for them (failures included). */
export function startSiteAssets(input: SiteAssetsInput): () => Promise<SiteAssets> {
  const bundling = input.skipClient
    ? undefined
    : bundleClient(
        {
          siteDir: input.siteDir,
          modules: input.islands,
          pageContext: input.pageContext,
          ...(input.docsData ? { docsData: input.docsData } : {}),
        },
        { mermaid: input.mermaid === true },
      );
  const styling = bundleSiteStyles(input.customCss, input.siteDir, input.configFile);
  // Awaited by the caller; until then a failure must not count as unhandled.
  for (const started of [bundling, styling]) started?.catch(() => undefined);
  return async () => {
    const bundle = await bundling;
    const ownAssets = bundle?.assets ?? { script: '/assets/main.js', modulePreloads: [], styleGroups: [], styles: [] };
    const { styles, warnings } = await styling;
    const assets = styles ? { ...ownAssets, styles: [...ownAssets.styles, styles.url] } : ownAssets;
    return { ...(bundle ? { bundle } : {}), ...(styles ? { styles } : {}), assets, warnings };
  };
}

/** Every file the bundles made, and the files pages reference, into the client folder. */
export async function writeSiteAssets(
  outDir: string,
  { bundle, styles }: SiteAssets,
  staticDir: string,
  media: Map<string, string>,
): Promise<void> {
  if (styles) await writeSiteStyles(outDir, styles);
  if (bundle) await writeClient(outDir, bundle, staticDir, media);
}

/** Bytes the build id covers besides the manifest: every file the bundles wrote. */
export function assetBytes({ bundle, styles }: SiteAssets): Uint8Array[] {
  return [...(bundle ? bundle.files.values() : []), ...(styles ? [styles.bytes, ...styles.files.values()] : [])];
}

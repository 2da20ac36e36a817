// The site's data in the browser bundle of the islands: the modules that read it at build time
// (client/site-modules/site-context.ts, docs-global-data.ts, plugins-global-data.ts) are given it
// as their contents. Each is then part of the chunks of the islands that import it and of no other
// chunk; a `define` would put it in the chunk every page's entry imports.

import { fileURLToPath } from 'node:url';
import type * as esbuild from 'esbuild';
import type { DocsGlobalData } from '../../../../client/contract/docs-global-data.ts';
import type { PageContext } from '../page-context.ts';
import { noteDocsDataRead } from '../build-page-globals.ts';

const siteModule = (name: string) => fileURLToPath(new URL(`../../../../client/site-modules/${name}`, import.meta.url));

export function siteDataModules(
  build: esbuild.PluginBuild,
  data: { pageContext: PageContext; docsData?: DocsGlobalData },
): void {
  const contents = new Map([
    [siteModule('site-context.ts'), `export function siteContext() { return ${JSON.stringify(data.pageContext)}; }`],
    [
      siteModule('plugins-global-data.ts'),
      `export function pluginsGlobalData() { return ${JSON.stringify(data.pageContext.globalData ?? {})}; }`,
    ],
    [
      siteModule('docs-global-data.ts'),
      `export function docsGlobalData() { return ${JSON.stringify(data.docsData ?? null) ?? 'undefined'} ?? undefined; }`,
    ],
  ]);
  build.onLoad(
    { filter: /[\\/]client[\\/]site-modules[\\/](site-context|docs-global-data|plugins-global-data)\.ts$/ },
    (args) => {
      // The docs' data in a browser chunk: a rebuild cannot change it (build-page-globals.ts).
      if (args.path === siteModule('docs-global-data.ts')) noteDocsDataRead();
      const text = contents.get(args.path);
      return text === undefined ? undefined : { contents: text, loader: 'js' };
    },
  );
}

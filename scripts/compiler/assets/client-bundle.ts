// Bundle the browser code (hydration entry, lazy chunks, CSS, fonts) with hashed names. The page
// stylesheet is bundled in groups (stylesheet-groups.ts), each kept as text to inline in the pages that
// use it and as a file for the browser to link (ClientAssets.styleGroups).

import { cp, mkdir, readFile, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';
import type { IslandAssets } from '../../../client/contract/page.ts';
import type { ClientAssets, StyleGroup } from '../../../client/contract/assets.ts';
import {
  islandAssets,
  islandBuildOptions,
  islandBundleErrors,
  type IslandModules,
} from '../compile/islands/client-entries.ts';
import type { PageContext } from '../compile/page-context.ts';
import { redirectsFile } from '../sources/redirects-file.ts';
import { styleGroupSources } from './stylesheet-groups.ts';
import { copyMediaFiles } from './media-files.ts';

const root = fileURLToPath(new URL('../../../', import.meta.url));

export interface ClientBundle {
  /** Our own assets: the stylesheet in groups, none linked (the site's customCss is added by the pipeline). */
  assets: ClientAssets & { styleGroups: StyleGroup[] };
  /** Output files, path relative to the client folder → bytes. */
  files: Map<string, Uint8Array>;
  /** The site's component modules pages use (Manifest.islands). */
  islands: Record<string, IslandAssets>;
}

/** A bundle without site components has no site context to give them. */
const noSite: PageContext = {
  siteConfig: { title: '', url: '', baseUrl: '/' },
  i18n: { defaultLocale: 'en', currentLocale: 'en', locales: ['en'] },
};

export async function bundleClient(
  islands: IslandModules = { siteDir: root, modules: [], pageContext: noSite },
  options: { mermaid?: boolean } = {},
): Promise<ClientBundle> {
  const withIslands = islandBuildOptions(islands, root);
  const result = await esbuild
    .build({
      entryPoints: {
        main: join(root, 'client/entry.tsx'),
        ...Object.fromEntries(styleGroupSources.map((group) => [group.name, `${styleGroupNamespace}:${group.name}`])),
        'search-modal': join(root, 'client/search/modal.css'),
        // Mermaid is bundled only for a site that has diagrams: it is most of a build's browser code.
        ...(options.mermaid ? { 'mermaid-diagrams': join(root, diagramEntry) } : {}),
        ...withIslands.entryPoints,
      },
      alias: withIslands.alias,
      plugins: [styleGroupEntries, jsxWithReact, ...withIslands.plugins],
      bundle: true,
      splitting: true,
      format: 'esm',
      platform: 'browser',
      target: ['es2022'],
      minify: true,
      write: false,
      metafile: true,
      outdir: '/client',
      entryNames: 'assets/[name]-[hash]',
      chunkNames: 'assets/[name]-[hash]',
      assetNames: 'assets/[name]-[hash]',
      // Absolute URLs for fonts and images: the inlined stylesheet is read relative to each page.
      publicPath: '/',
      loader: { '.woff2': 'file', '.woff': 'file', '.ttf': 'file', '.svg': 'file' },
      // Files of client/static and the site's static/ are served at the root as they are.
      external: ['/img/*'],
      define: { 'process.env.NODE_ENV': '"production"' },
      jsx: 'automatic',
      legalComments: 'none',
      logLevel: 'silent',
    })
    .catch((error: unknown) => {
      // Our own code always bundles: a failure with islands is theirs.
      throw islands.modules.length > 0 && isBuildFailure(error) ? islandBundleErrors(error, islands.siteDir) : error;
    });

  const files = new Map<string, Uint8Array>();
  for (const output of result.outputFiles) files.set(relative('/client', output.path), output.contents);

  const [entryPath, entry] = Object.entries(result.metafile.outputs).find(([, output]) =>
    output.entryPoint?.endsWith('client/entry.tsx'),
  )!;
  // Metafile paths are relative to the working directory; files are keyed inside the client folder.
  const fileOf = (path: string) => relative('/client', join('/', path));
  const url = (path: string) => `/${fileOf(path)}`;
  const modulePreloads = entry.imports
    .filter((item) => item.kind === 'import-statement' && !item.external)
    .map((item) => url(item.path));
  const outputOf = (source: string) =>
    Object.entries(result.metafile.outputs).find(([, output]) => output.entryPoint?.endsWith(source))?.[0];
  const styleGroups = styleGroupSources.map(({ name, scope }): StyleGroup => {
    const path = outputOf(`${styleGroupNamespace}:${name}`)!;
    return { name, scope, css: new TextDecoder().decode(files.get(fileOf(path))), href: url(path) };
  });
  const searchStyle = outputOf('client/search/modal.css');
  const diagramScript = options.mermaid ? outputOf(diagramEntry) : undefined;
  const sitePieces = islandAssets(islands, result.metafile, url);
  // A component that needs no script in the browser keeps only its stylesheet.
  for (const path of sitePieces.unused) files.delete(fileOf(path));
  return {
    islands: sitePieces.assets,
    assets: {
      script: url(entryPath),
      modulePreloads,
      styleGroups,
      styles: [],
      searchStyle: searchStyle && url(searchStyle),
      ...(diagramScript ? { diagramScript: url(diagramScript) } : {}),
    },
    files,
  };
}

const styleGroupNamespace = 'style-group';
const diagramEntry = 'client/diagrams/mermaid-diagrams.ts';

/** Each style group is an entry point of its own: its stylesheets imported in order. */
const styleGroupEntries: esbuild.Plugin = {
  name: 'style-groups',
  setup(build) {
    build.onResolve({ filter: new RegExp(`^${styleGroupNamespace}:`) }, (args) => ({
      path: args.path.slice(styleGroupNamespace.length + 1),
      namespace: styleGroupNamespace,
    }));
    build.onLoad({ filter: /.*/, namespace: styleGroupNamespace }, (args) => {
      const group = styleGroupSources.find((each) => each.name === args.path)!;
      return {
        contents: group.files.map((file) => `@import ${JSON.stringify(`./${file}`)};`).join('\n'),
        loader: 'css',
        resolveDir: join(root, 'client/styles'),
      };
    });
  },
};

/**
 * esbuild puts code in one chunk with the other code reached by the same entries and lazy chunks.
 * React 19's JSX runtime needs nothing of `react`, so a lazy chunk with JSX but no hooks (the status
 * pages, navigation) made the runtime a chunk apart from React's own, one more request when React
 * takes over. Made to require React (and nprogress to require the runtime), they share its chunk.
 * The first load's modules (client/*.ts) get no such import: it holds no React at all.
 */
const jsxWithReact: esbuild.Plugin = {
  name: 'jsx-with-react',
  setup(build) {
    const withReact = async (path: string, requireLine: string, loader: esbuild.Loader) => ({
      contents: `${requireLine}\n${await readFile(path, 'utf8')}`,
      loader,
    });
    build.onLoad({ filter: /[/\\]node_modules[/\\]react[/\\]jsx-runtime\.js$/ }, (args) =>
      withReact(args.path, "require('react');", 'js'),
    );
    build.onLoad({ filter: /[/\\]node_modules[/\\]nprogress[/\\]nprogress\.js$/ }, (args) =>
      withReact(args.path, "require('react/jsx-runtime');", 'js'),
    );
  },
};

function isBuildFailure(error: unknown): error is esbuild.BuildFailure {
  return error instanceof Error && Array.isArray((error as Partial<esbuild.BuildFailure>).errors);
}

/** Write the bundle, the site's static files and the asset headers into `dist/client`. */
export async function writeClient(
  outDir: string,
  bundle: ClientBundle,
  staticDir: string,
  media: Map<string, string>,
): Promise<void> {
  const clientDir = join(outDir, 'client');
  await mkdir(clientDir, { recursive: true });
  // `_redirects` is read into the manifest by the build; the worker answers those paths.
  if (existsSync(staticDir))
    await cp(staticDir, clientDir, { recursive: true, filter: (source) => !source.endsWith(`/${redirectsFile}`) });
  const builtIn = join(root, 'client/static');
  if (existsSync(builtIn)) await cp(builtIn, clientDir, { recursive: true, force: false, errorOnExist: false });
  for (const [path, bytes] of bundle.files) {
    await mkdir(dirname(join(clientDir, path)), { recursive: true });
    await writeFile(join(clientDir, path), bytes);
  }
  await copyMediaFiles(clientDir, media);
  await writeFile(join(clientDir, '_headers'), assetHeaders());
}

/** Static assets are served by Workers Static Assets before the worker runs; `_headers` secures them. */
function assetHeaders(): string {
  const security = [
    '  X-Content-Type-Options: nosniff',
    '  Referrer-Policy: strict-origin-when-cross-origin',
    '  Strict-Transport-Security: max-age=63072000; includeSubDomains; preload',
    "  Content-Security-Policy: default-src 'none'; img-src 'self' data:; style-src 'self'; font-src 'self'; frame-ancestors 'none'",
    '  X-Frame-Options: DENY',
  ].join('\n');
  return [
    `/*\n${security}\n`,
    '/assets/*\n  Cache-Control: public, max-age=31536000, immutable\n',
    '/img/*\n  Cache-Control: public, max-age=86400\n',
  ].join('\n');
}

// The page bundle's side of site components. A JavaScript module of the site that a page (or a
// partial) imports is loaded through a proxy that registers its function exports as islands
// (registry.ts); its JSX is React's, and React itself is the build's own (left external and
// required when the page is evaluated), so there is one React, the one that renders islands.
// Inside site modules, `@docusaurus/*` imports get the React versions of client/site-modules/ and
// `@theme/Admonition` and the other registered components are those the pages render with.

import { importsDocHooksOnly } from './doc-hooks-imports.ts';
import { readFile } from 'node:fs/promises';
import { dirname, extname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type * as esbuild from 'esbuild';
import { componentNames } from '../../../../client/contract/page.ts';
import type { ImportProblem } from '../page-imports.ts';
import { clientApiSiteModules } from './client-api-modules.ts';

const registryPath = fileURLToPath(new URL('./registry.ts', import.meta.url));
const contentComponentsDir = fileURLToPath(new URL('../../../../client/components/content/', import.meta.url));
const tabsModule = fileURLToPath(new URL('../../../../client/components/Tabs.tsx', import.meta.url));
const themeNamespace = 'self-docs-site-theme';
const siteModules = fileURLToPath(new URL('../../../../client/site-modules/', import.meta.url));
const ownCode = [
  fileURLToPath(new URL('../../../../client/', import.meta.url)),
  fileURLToPath(new URL('../../../', import.meta.url)),
];

/** `@docusaurus/*` modules a site component may import → their React versions. */
export const siteComponentModules: Record<string, string> = {
  '@docusaurus/Link': 'link.tsx',
  '@docusaurus/useBaseUrl': 'use-base-url.ts',
  '@docusaurus/useDocusaurusContext': 'use-docusaurus-context.ts',
  '@docusaurus/BrowserOnly': 'browser-only.tsx',
  '@docusaurus/useIsBrowser': 'use-is-browser.ts',
  '@docusaurus/ExecutionEnvironment': 'execution-environment.ts',
  // Docusaurus's link of MDX: its `@docusaurus/Link`, given the element's props.
  '@theme/MDXComponents/A': 'link.tsx',
  '@docusaurus/theme-common': 'theme-common.ts',
  ...clientApiSiteModules,
};

/** Marks the look-up of a site's own `clsx`, which the clsx resolver leaves to esbuild. */
const clsxProbe = 'self-docs-clsx-probe';
const scriptExtensions = new Set(['.js', '.jsx', '.mjs', '.cjs', '.ts', '.tsx']);
const isPage = (file: string) => /\.mdx?$/.test(file);
const namespace = 'self-docs-island';
/** The namespace of a site module a page imports: loaded through the proxy that registers its islands. */
export const islandNamespace = namespace;

/** Where `imagesInSiteScripts` puts images: the browser bundle's asset names. */
export const siteImageOptions = { assetNames: 'assets/[name]-[hash]', publicPath: '/' } as const;

/** The esbuild options a page bundle needs for site components: React's JSX, the build's React. */
export const siteComponentOptions = { jsx: 'automatic', jsxImportSource: 'react', ...siteImageOptions } as const;

/** A site module's id: its path from the site folder, `/`-separated (`../docs/components/X.jsx` beside it). */
export function islandId(file: string, siteDir: string): string {
  return relative(siteDir, file).split(sep).join('/');
}

/**
 * Is `file` a site module that can hold components (not our own code, not data or styles)? It may
 * lie outside the site folder: the docs folder beside it (`path: '../docs'`, `docs/components/`)
 * or packages of a monorepo's hoisted `node_modules`.
 */
export function isSiteScript(file: string): boolean {
  return scriptExtensions.has(extname(file)) && !ownCode.some((dir) => file.startsWith(dir));
}

/**
 * `@docusaurus/*` and `@theme/*` imported by a site module (not by a page), in either bundle: the
 * React versions of client/site-modules/, and the registered components themselves.
 */
export function resolveDocusaurusInSiteModules(build: esbuild.PluginBuild, siteDir: string): void {
  build.onResolve({ filter: /^@(docusaurus|theme)\// }, (args) => {
    if (isPage(args.importer) || !isSiteScript(args.importer)) return undefined;
    if (importsDocHooksOnly(args.path, args.importer)) return { path: resolve(siteModules, 'doc-hooks.ts') };
    const module = siteComponentModules[args.path];
    if (module) return { path: resolve(siteModules, module) };
    const name = args.path.slice('@theme/'.length);
    if (args.path.startsWith('@theme/') && (componentNames as readonly string[]).includes(name))
      return { path: name, namespace: themeNamespace };
    const supported = [...Object.keys(siteComponentModules), ...componentNames.map((each) => `@theme/${each}`)];
    const detail: ImportProblem = {
      problem: `unknown import ${args.path} in the site component ${islandId(args.importer, siteDir)}`,
      fix: `import one of ${supported.join(', ')} there, or write that part without it`,
    };
    return { errors: [{ text: detail.problem, detail }] };
  });
  // `clsx`, which Docusaurus brings along, is ours (the package) when the site has none of its own.
  build.onResolve({ filter: /^clsx$/ }, async (args) => {
    if (!isSiteScript(args.importer) || args.pluginData === clsxProbe) return undefined;
    const lookUp = (resolveDir: string) =>
      build.resolve(args.path, { kind: args.kind, resolveDir, importer: args.importer, pluginData: clsxProbe });
    const own = await lookUp(args.resolveDir);
    return own.errors.length > 0 ? lookUp(siteModules) : undefined;
  });
  build.onLoad({ filter: /.*/, namespace: themeNamespace }, (args) => ({
    contents: `export { ${args.path} as default } from ${JSON.stringify(
      /^Tab/.test(args.path) ? tabsModule : join(contentComponentsDir, `${args.path}.tsx`),
    )};`,
    loader: 'js',
    resolveDir: contentComponentsDir,
  }));
}

const imageNamespace = 'self-docs-island-image';

/**
 * Takes the site's own scripts' imports that match `filter` (not its pages': the MDX compile has
 * its own) into `namespace`, resolved as esbuild resolves them; the namespace's onLoad gives what
 * they are.
 */
export function siteScriptImportsInto(build: esbuild.PluginBuild, filter: RegExp, namespace: string): void {
  build.onResolve({ filter }, async (args) => {
    if (isPage(args.importer) || !isSiteScript(args.importer) || args.pluginData === namespace) return undefined;
    const resolved = await build.resolve(args.path, {
      kind: args.kind,
      resolveDir: args.resolveDir,
      importer: args.importer,
      pluginData: namespace,
    });
    return resolved.errors.length > 0 ? { errors: resolved.errors } : { path: resolved.path, namespace };
  });
}

/**
 * An image a site module imports (`import logo from './logo.png'`) is its URL under /assets/, the
 * same in both bundles (the name and a hash of the bytes); the browser bundle writes the file.
 */
export function imagesInSiteScripts(build: esbuild.PluginBuild): void {
  siteScriptImportsInto(build, /\.(png|jpe?g|gif|webp|avif)$/i, imageNamespace);
  build.onLoad({ filter: /.*/, namespace: imageNamespace }, async (args) => ({
    contents: await readFile(args.path),
    loader: 'file',
  }));
}

/** A site's `.js` modules may hold JSX, as Docusaurus allows (`src/components/X/index.js`). */
export function jsxInSiteScripts(build: esbuild.PluginBuild): void {
  build.onLoad({ filter: /\.js$/, namespace: 'file' }, async (args) => {
    if (!isSiteScript(args.path) || args.path.includes(`${sep}node_modules${sep}`)) return undefined;
    return { contents: await readFile(args.path, 'utf8'), loader: 'jsx' };
  });
}

export function siteComponentsPlugin(siteDir: string): esbuild.Plugin {
  return {
    name: 'self-docs-site-components',
    setup(build) {
      // The build's React, which `require` gives the evaluated page (compile/batch.ts).
      build.onResolve({ filter: /^react(-dom)?(\/.*)?$/ }, (args) => ({ path: args.path, external: true }));
      resolveDocusaurusInSiteModules(build, siteDir);
      jsxInSiteScripts(build);
      imagesInSiteScripts(build);
      // A module a page imports: a proxy that registers its exports, when it is the site's code.
      build.onResolve({ filter: /.*/ }, async (args) => {
        if (!isPage(args.importer) || (args.pluginData as { probe?: true } | undefined)?.probe) return undefined;
        if (/^(@theme\/|@docusaurus\/|(!!)?raw-loader!|self-docs-mdx)|\.(mdx?|json|css)$/.test(args.path))
          return undefined;
        const resolved = await build.resolve(args.path, {
          kind: args.kind,
          resolveDir: args.resolveDir,
          importer: args.importer,
          pluginData: { probe: true },
        });
        if (resolved.errors.length > 0) return { errors: resolved.errors };
        // Anything else (a partial, data, our own modules) resolves as it always did.
        if (resolved.namespace !== 'file' || !isSiteScript(resolved.path)) return undefined;
        return { path: resolved.path, namespace };
      });
      build.onLoad({ filter: /.*/, namespace }, (args) => {
        const module = JSON.stringify(args.path);
        return {
          contents: [
            `import * as site from ${module};`,
            `import { registerIslandModule } from ${JSON.stringify(registryPath)};`,
            `registerIslandModule(site, ${JSON.stringify(islandId(args.path, siteDir))});`,
            `export * from ${module};`,
            'export default site.default;',
          ].join('\n'),
          loader: 'js',
          resolveDir: dirname(args.path),
        };
      });
    },
  };
}

// The islands' side of the browser bundle: each site component module a page uses is an entry of
// the same esbuild run as our own code (so React and the rest are shared chunks), and this says
// where each one's chunk and stylesheet went, and whether the browser needs its script at all.

import { staticRootUrls } from '../../assets/static-root-urls.ts';
import { readFileSync } from 'node:fs';
import { isAbsolute, join, relative } from 'node:path';
import type * as esbuild from 'esbuild';
import type { IslandAssets } from '../../../../client/contract/page.ts';
import { BuildError, BuildErrors } from '../../errors.ts';
import type { DocsGlobalData } from '../../../../client/contract/docs-global-data.ts';
import type { PageContext } from '../page-context.ts';
import { siteDataModules } from './site-data-modules.ts';
import { cssModulesPlugin } from './css-modules.ts';
import { sassPlugin } from '../../assets/sass-stylesheets.ts';
import { imagesInSiteScripts, jsxInSiteScripts, resolveDocusaurusInSiteModules } from './plugin.ts';
import { markdownInSiteScripts, siteMarkdownNamespace } from './markdown-imports.ts';
import { svgComponentsInSiteScripts } from './svg-components.ts';
import { themeAliases } from '../theme-aliases.ts';

export interface IslandModules {
  siteDir: string;
  /** Site-relative paths of the modules pages use (PageData.islands). */
  modules: string[];
  /** What `@docusaurus/useDocusaurusContext` gives them, as in the build's render. */
  pageContext: PageContext;
  /**
   * The docs plugin's global data: in the chunks of the islands that read it (the docs hooks,
   * `useGlobalData`) and no others, so pages without them carry none of it.
   */
  docsData?: DocsGlobalData;
}

/** esbuild options to add the islands to the browser bundle. */
export function islandBuildOptions(islands: IslandModules, root: string) {
  const { siteDir, modules, pageContext, docsData } = islands;
  const react = (name: string) => join(root, 'node_modules', name);
  return {
    entryPoints: Object.fromEntries(modules.map((id, index) => [entryName(id, index), join(siteDir, id)])),
    // One React: the site's own copy (if it has one) would be a second.
    alias: { react: react('react'), 'react-dom': react('react-dom') },
    plugins: [
      cssModulesPlugin(siteDir),
      // After the CSS modules: a `.module.scss` is theirs, any other Sass stylesheet this one's.
      sassPlugin(siteDir),
      staticRootUrls,
      {
        name: 'self-docs-island-imports',
        setup(build: esbuild.PluginBuild) {
          themeAliases(build, siteDir);
          resolveDocusaurusInSiteModules(build, siteDir);
          siteDataModules(build, { pageContext, ...(docsData ? { docsData } : {}) });
          jsxInSiteScripts(build);
          imagesInSiteScripts(build);
          markdownInSiteScripts(build, 'browser');
          svgComponentsInSiteScripts(build);
          build.onResolve({ filter: /^@site\// }, (args) =>
            build.resolve(join(siteDir, args.path.slice('@site/'.length)), {
              kind: args.kind,
              resolveDir: args.resolveDir,
              importer: args.importer,
            }),
          );
        },
      } satisfies esbuild.Plugin,
    ],
  };
}

/**
 * The browser bundle failed: a site component (or what it imports) cannot be bundled for the
 * browser, e.g. a Node module. Each problem names the file and line where it is.
 */
export function islandBundleErrors(failure: esbuild.BuildFailure, siteDir: string): BuildErrors {
  return new BuildErrors(
    failure.errors.map((message) => {
      const file = message.location?.file ?? 'the browser bundle';
      return new BuildError(
        isAbsolute(file) ? relative(siteDir, file) : relative(siteDir, join(process.cwd(), file)),
        message.location?.line,
        `a site component cannot be bundled for the browser: ${message.text}`,
        'components that pages use also run in the browser: import only browser-safe modules there',
      );
    }),
  );
}

function entryName(id: string, index: number): string {
  const name = id
    .split('/')
    .at(-1)!
    .replace(/\.[^.]+$/, '')
    .replace(/[^\w-]/g, '_');
  return `island-${index}-${name}`;
}

/**
 * Where each island went. Its script is kept only when its code can change what it shows: a
 * module graph with state or effect hooks, event handlers, or BrowserOnly/useIsBrowser (which
 * render anew in the browser). Anything else is left as the build's HTML with no script.
 */
export function islandAssets(
  islands: IslandModules,
  metafile: esbuild.Metafile,
  url: (path: string) => string,
): { assets: Record<string, IslandAssets>; unused: string[] } {
  const assets: Record<string, IslandAssets> = {};
  const unused: string[] = [];
  for (const id of islands.modules) {
    const input = relative(process.cwd(), join(islands.siteDir, id));
    const [path, output] = Object.entries(metafile.outputs).find(([, out]) => out.entryPoint === input)!;
    const interactive = isInteractive(input, metafile);
    if (!interactive) unused.push(path);
    assets[id] = {
      ...(interactive ? { script: url(path) } : {}),
      styles: output.cssBundle ? [url(output.cssBundle)] : [],
    };
  }
  return { assets, unused };
}

const interactiveCode =
  /\b(useState|useReducer|useEffect|useLayoutEffect|useSyncExternalStore|useActionState|useOptimistic|useTransition|setState|componentDidMount)\b|\bon[A-Z][a-zA-Z]*\s*[=:]/;

function isInteractive(entry: string, metafile: esbuild.Metafile): boolean {
  const seen = new Set<string>();
  const queue = [entry];
  let interactive = false;
  while (queue.length > 0) {
    const input = queue.pop()!;
    if (seen.has(input) || /node_modules\/(react|react-dom|scheduler)\//.test(input)) continue;
    seen.add(input);
    // Markdown it imports renders nothing in the browser (markdown-imports.ts): keep the build's HTML.
    if (input.startsWith(`${siteMarkdownNamespace}:`)) return false;
    const source = metafile.inputs[input];
    if (!source) continue;
    // Inputs of a plugin's namespace (a CSS module's stylesheet) are no files: they read as ''.
    if (interactiveCode.test(readFileOrEmpty(input))) interactive = true;
    for (const imported of source.imports) if (!imported.external) queue.push(imported.path);
  }
  return interactive;
}

function readFileOrEmpty(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return '';
  }
}

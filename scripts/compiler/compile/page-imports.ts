// The Docusaurus imports a page may use. Components the browser renders (`@theme/Tabs`…) become
// their registered names, kept in the tree; the others (`@docusaurus/Link`, `useBaseUrl`,
// `@theme/TOCInline`…) are small modules evaluated with the page at build time
// (compile/page-modules/). Anything else fails with the page, the line and the list.

import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type * as esbuild from 'esbuild';
import { componentNames } from '../../../client/contract/page.ts';
import type { PageContext } from './page-context.ts';
import { clientApiPageModules } from './page-modules/client-api.ts';

const pageModules = fileURLToPath(new URL('./page-modules/', import.meta.url));

/** Import path → its module under page-modules/. */
const buildTimeModules: Record<string, string> = {
  '@docusaurus/Link': 'link.ts',
  '@docusaurus/useBaseUrl': 'use-base-url.ts',
  '@docusaurus/useDocusaurusContext': 'use-docusaurus-context.ts',
  '@docusaurus/BrowserOnly': 'browser-only.ts',
  '@docusaurus/useIsBrowser': 'use-is-browser.ts',
  '@docusaurus/ExecutionEnvironment': 'execution-environment.ts',
  // Docusaurus's link of MDX: its `@docusaurus/Link`, given the element's props.
  '@theme/MDXComponents/A': 'link.ts',
  '@theme/TOCInline': 'toc-inline.ts',
  '@theme/ThemedImage': 'themed-image.ts',
  ...clientApiPageModules,
};

/** Every import path a page may use, for messages. */
export const supportedImports = [...componentNames.map((name) => `@theme/${name}`), ...Object.keys(buildTimeModules)];

/** The problem and the fix of an import the build does not know, carried on the esbuild message. */
export interface ImportProblem {
  problem: string;
  fix: string;
}

/** esbuild options that give a page's bundle its site data (read by page-modules/site.ts). */
export function pageContextDefine(context: PageContext): Record<string, string> {
  return { __SELF_DOCS_PAGE_CONTEXT__: JSON.stringify(context) };
}

export function pageImportsPlugin(): esbuild.Plugin {
  return {
    name: 'self-docs-page-imports',
    setup(build) {
      build.onResolve({ filter: /^@(theme|docusaurus)\// }, (args) => {
        const module = buildTimeModules[args.path];
        if (module) return { path: resolve(pageModules, module) };
        const name = args.path.slice('@theme/'.length);
        if (args.path.startsWith('@theme/') && (componentNames as readonly string[]).includes(name)) {
          return { path: name, namespace: 'theme-component' };
        }
        return { errors: [importError(args.path)] };
      });
      build.onLoad({ filter: /.*/, namespace: 'theme-component' }, (args) => ({
        contents: `export default ${JSON.stringify(args.path)};`,
        loader: 'js',
      }));
      // `import source from '!!raw-loader!./example.js'`: the file's text, for <CodeBlock>{source}</CodeBlock>.
      build.onResolve({ filter: /^(!!)?raw-loader!/ }, (args) => ({
        path: resolve(args.resolveDir, args.path.replace(/^(!!)?raw-loader!/, '')),
        namespace: 'raw-text',
      }));
      build.onLoad({ filter: /.*/, namespace: 'raw-text' }, async (args) => {
        const text = await readFile(args.path, 'utf8').catch(() => undefined);
        if (text === undefined) {
          const detail: ImportProblem = {
            problem: `raw-loader: no file ${args.path}`,
            fix: 'name a file relative to this page, e.g. !!raw-loader!./example.js',
          };
          return { errors: [{ text: detail.problem, detail }] };
        }
        return { contents: text, loader: 'text' };
      });
    },
  };
}

function importError(path: string): esbuild.PartialMessage {
  const detail: ImportProblem = {
    problem: `unknown import ${path}: this site has no such ${path.startsWith('@theme/') ? 'component' : 'module'}`,
    fix: `import one of ${supportedImports.join(', ')}, or write that part in Markdown`,
  };
  return { text: detail.problem, detail };
}

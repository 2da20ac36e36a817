// A Markdown or MDX file that a site component imports (`import Notes from './_notes.md'`) is a React
// component, as in Docusaurus. In a page's bundle it is compiled like a partial (to the page tree,
// jsx-runtime.ts) and wrapped so React renders that tree (markdown-component.ts). The browser
// bundle has no Markdown compiler: there it renders nothing, so a component that imports Markdown
// keeps the build's HTML and gets no script (client-entries.ts).

import { dirname } from 'node:path';
import type * as esbuild from 'esbuild';
import { siteScriptImportsInto } from './plugin.ts';

/** The page's `require` gives this module the build's markdown-component.ts (site-jsx-runtime.ts). */
export const markdownComponentModule = 'self-docs/markdown-component';
/** The namespace of a Markdown file imported by a site component. */
export const siteMarkdownNamespace = 'self-docs-site-markdown';

/** The page bundle's plugin: before the partials' resolver (mdx-sources.ts), which would take these. */
export function siteMarkdownPlugin(): esbuild.Plugin {
  return { name: 'self-docs-site-markdown', setup: (build) => markdownInSiteScripts(build, 'page') };
}

export function markdownInSiteScripts(build: esbuild.PluginBuild, target: 'page' | 'browser'): void {
  siteScriptImportsInto(build, /\.mdx?$/, siteMarkdownNamespace);
  build.onLoad({ filter: /.*/, namespace: siteMarkdownNamespace }, (args) => ({
    contents:
      target === 'page'
        ? [
            `import Content from ${JSON.stringify(args.path)};`,
            // Its other exports (`toc`, `frontMatter`…), as Docusaurus's MDX loader gives them.
            `export * from ${JSON.stringify(args.path)};`,
            `import { markdownComponent } from ${JSON.stringify(markdownComponentModule)};`,
            'export default markdownComponent(Content);',
          ].join('\n')
        : // CommonJS, so a named import (`toc`) bundles too, as undefined.
          'module.exports = { __esModule: true, default: function Markdown() { return null; } };',
    loader: 'js',
    resolveDir: dirname(args.path),
  }));
  if (target === 'page') {
    build.onResolve({ filter: /^self-docs\/markdown-component$/ }, (args) => ({ path: args.path, external: true }));
  }
}

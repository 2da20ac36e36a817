// An SVG file a site module imports is a React component, as Docusaurus's SVGR makes it
// (`import Logo from './logo.svg'`, `require('@site/static/img/x.svg').default`, as the classic
// template's landing page does): an `<svg>` with the file's own attributes, the props the page
// gives it on top, and the file's drawing inside. The same module in both bundles, so the
// browser's hydration finds the build's markup.

import { readFile } from 'node:fs/promises';
import type * as esbuild from 'esbuild';
import { siteScriptImportsInto } from './plugin.ts';

const namespace = 'self-docs-svg-component';

/** For the page bundle, as a plugin of its own (the browser bundle calls the function in its own). */
export const svgComponentsPlugin: esbuild.Plugin = {
  name: 'self-docs-svg-components',
  setup: svgComponentsInSiteScripts,
};

export function svgComponentsInSiteScripts(build: esbuild.PluginBuild): void {
  siteScriptImportsInto(build, /\.svg$/i, namespace);
  build.onLoad({ filter: /.*/, namespace }, async (args) => ({
    contents: svgComponentModule(await readFile(args.path, 'utf8')),
    loader: 'js',
    resolveDir: process.cwd(),
  }));
}

/** The module of an SVG file: its root's attributes as React props, its inside as markup. */
export function svgComponentModule(source: string): string {
  const root = /<svg\b([^>]*)>([\s\S]*)<\/svg>/i.exec(source.replace(/<!--[\s\S]*?-->/g, ''));
  const attributes = root ? svgAttributes(root[1]!) : {};
  const inner = root ? root[2]!.trim() : '';
  return [
    "import { createElement } from 'react';",
    `const attributes = ${JSON.stringify(attributes)};`,
    `const inner = { __html: ${JSON.stringify(inner)} };`,
    // SVGR's `title` prop is left out: the file's own title, if any, stays inside.
    'export default function SvgComponent({ title: _title, ...props }) {',
    '  return createElement("svg", { ...attributes, ...props, dangerouslySetInnerHTML: inner });',
    '}',
    'export const ReactComponent = SvgComponent;',
  ].join('\n');
}

/** `stroke-width="2" class="x" xmlns:xlink="…"` → `{ strokeWidth: '2', className: 'x', xmlnsXlink: '…' }`. */
function svgAttributes(text: string): Record<string, string> {
  const attributes: Record<string, string> = {};
  for (const [, name, double, single] of text.matchAll(/([\w:-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g)) {
    const key =
      name === 'class' ? 'className' : name!.replace(/[-:]([a-z])/g, (_, letter: string) => letter.toUpperCase());
    // A style string would need parsing into an object; the drawing keeps its look without it.
    if (key !== 'style') attributes[key] = double ?? single ?? '';
  }
  return attributes;
}

// `@theme/Mermaid` in a page evaluated at build time: `<Mermaid value={…} />` is stored as a
// ```mermaid fence is (markdown/mermaid.ts), so the same diagram chunk draws it. Without
// `markdown.mermaid` the site has no diagram chunk: the source stays a code block.

import { jsx } from '../jsx-runtime.ts';
import { mermaidThemesOf } from '../../../../client/site-modules/mermaid-themes.ts';
import { pageContext } from './site.ts';

export default function Mermaid({ value }: { value?: unknown }) {
  if (typeof value !== 'string') throw new Error('<Mermaid> needs value={…}, the diagram’s source');
  const source = jsx('pre', { className: 'mermaid-source', children: value.replace(/\n$/, '') });
  const themes = mermaidThemesOf(pageContext().siteConfig);
  if (!themes) return source;
  return jsx('div', {
    // markdown/mermaid.ts's class (not imported: its hast helpers would join every page's bundle).
    className: 'mermaid-diagram',
    'data-mermaid-light': themes.light,
    'data-mermaid-dark': themes.dark,
    ...(themes.options ? { 'data-mermaid-options': JSON.stringify(themes.options) } : {}),
    children: source,
  });
}

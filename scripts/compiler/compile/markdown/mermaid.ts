// ```mermaid fences, when the site turns diagrams on (`markdown.mermaid`): each becomes a
// `.mermaid-diagram` holding its source (a code block, readable without JavaScript), which the
// browser's diagram chunk (client/diagrams/mermaid-diagrams.ts) draws as an SVG in the reader's
// colour mode. Mermaid needs a DOM to lay a diagram out, so it is drawn in the browser; pages
// without a diagram never load it.

import type { Element, ElementContent, Root as HastRoot } from 'hast';
import { toString as hastToString } from 'hast-util-to-string';
import type { MermaidThemes } from '../../../../client/contract/site-config.ts';
import { walkElements } from './walk-tree.ts';

export const mermaidClass = 'mermaid-diagram';

export function rehypeMermaid(themes: MermaidThemes | undefined) {
  return (tree: HastRoot) => {
    if (!themes) return;
    walkElements(tree, (node: Element) => {
      if (node.tagName !== 'pre') return;
      const code = node.children.find((child): child is Element => child.type === 'element');
      const classes = code?.tagName === 'code' ? code.properties.className : undefined;
      if (!Array.isArray(classes) || !classes.includes('language-mermaid')) return;
      const source = hastToString(code!).replace(/\n$/, '');
      const fallback: ElementContent = {
        type: 'element',
        tagName: 'pre',
        properties: { className: ['mermaid-source'] },
        children: [{ type: 'text', value: source }],
      };
      Object.assign(node, {
        tagName: 'div',
        properties: {
          className: [mermaidClass],
          dataMermaidLight: themes.light,
          dataMermaidDark: themes.dark,
          ...(themes.options ? { dataMermaidOptions: JSON.stringify(themes.options) } : {}),
        },
        children: [fallback],
      });
    });
  };
}

// `export const toc`, as Docusaurus gives every MDX page: its Markdown headings h2–h6 in order,
// `{ value, id, level }`, so `<TOCInline toc={toc} />` (or a filtered `toc`) works as written.

import { toString as hastToString } from 'hast-util-to-string';
import type { Element, Root as HastRoot, RootContent } from 'hast';
import type { Expression, Program } from 'estree';
import { walkElements } from './walk-tree.ts';

export interface TocExportEntry {
  /** The heading's text (plain text here, where Docusaurus has HTML). */
  value: string;
  id: string;
  level: number;
}

/**
 * The programs this plugin writes: they only declare data, so a page built straight from its
 * hast (compile/direct.ts) may pass over them.
 */
export const tocExports = new WeakSet<Program>();

/** Runs after rehypeHeadingIds, so every heading has its final id. */
export function rehypeTocExport() {
  return (tree: HastRoot) => {
    if (declaresToc(tree)) return;
    const entries: TocExportEntry[] = [];
    walkElements(tree, (node: Element) => {
      const level = /^h([2-6])$/.exec(node.tagName)?.[1];
      if (level && typeof node.properties.id === 'string') {
        entries.push({ value: hastToString(node).trim(), id: node.properties.id, level: Number(level) });
      }
    });
    const program: Program = {
      type: 'Program',
      sourceType: 'module',
      body: [
        {
          type: 'ExportNamedDeclaration',
          specifiers: [],
          attributes: [],
          source: null,
          declaration: {
            type: 'VariableDeclaration',
            kind: 'const',
            declarations: [
              { type: 'VariableDeclarator', id: { type: 'Identifier', name: 'toc' }, init: literal(entries) },
            ],
          },
        },
      ],
    };
    tocExports.add(program);
    tree.children.unshift({ type: 'mdxjsEsm', value: '', data: { estree: program } } as unknown as RootContent);
  };
}

/** A page that declares its own `toc` (exported or not, or imported) keeps it. */
function declaresToc(tree: HastRoot): boolean {
  return tree.children.some((node) => {
    const estree = (node as { type: string; data?: { estree?: Program } }).data?.estree;
    if (node.type !== ('mdxjsEsm' as string) || !estree) return false;
    return estree.body.some((statement) => {
      const declaration = statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement;
      if (declaration?.type === 'VariableDeclaration') {
        return declaration.declarations.some((d) => d.id.type === 'Identifier' && d.id.name === 'toc');
      }
      if (declaration?.type === 'FunctionDeclaration') return declaration.id?.name === 'toc';
      return declaration?.type === 'ImportDeclaration' && declaration.specifiers.some((s) => s.local.name === 'toc');
    });
  });
}

function literal(value: TocExportEntry[] | TocExportEntry | string | number): Expression {
  if (Array.isArray(value)) return { type: 'ArrayExpression', elements: value.map(literal) };
  if (typeof value === 'object') {
    return {
      type: 'ObjectExpression',
      properties: Object.entries(value).map(([key, item]) => ({
        type: 'Property',
        key: { type: 'Identifier', name: key },
        value: literal(item as string | number),
        kind: 'init',
        method: false,
        shorthand: false,
        computed: false,
      })),
    };
  }
  return { type: 'Literal', value };
}

// Most pages are Markdown with literal JSX at most: no imports, no exports, no expressions that
// need running. For those, the element tree is built straight from the page's hast, the way the
// compiled MDX would build it, without generating JavaScript, bundling it with esbuild and running
// it. A page that needs more (an import, an expression, a component defined in the page) is left
// to the MDX pipeline as before: the rehype step below then leaves its tree alone.

import { toJsxRuntime } from 'hast-util-to-jsx-runtime';
import type { Element, Root as HastRoot } from 'hast';
import type { Expression, Program } from 'estree';
import type { VFile } from 'vfile';
import type { TreeNode } from '../../../client/contract/page.ts';
import { componentNames } from '../../../client/contract/page.ts';
import { flatten, Fragment, jsx, jsxs } from './jsx-runtime.ts';
import { tocExports } from './markdown/toc-export.ts';
import { walkTree } from './markdown/walk-tree.ts';

/** Where the tree built from the hast is left on the processed file. */
export interface StaticTreeData {
  staticTree?: TreeNode[];
}

const registered = new Set<string>(componentNames);

/** Thrown while building a tree the page's code must build: the page goes through MDX's JS. */
class NeedsCode extends Error {}

/**
 * A rehype plugin, last of all: builds the page's element tree from the hast when every value in
 * it is a literal, keeps it on `file.data` and ends the processor's run there (`treeOrCode`), so
 * that none of the JavaScript MDX would generate after it is made. Otherwise the hast goes on
 * unchanged, as it does when it holds an element the site renders with its own component
 * (`themed`: themed-elements.ts), which only the page's code is given.
 */
export function rehypeStaticTree(themed: string[] = []) {
  const own = new Set(themed);
  return (tree: HastRoot, file: VFile) => {
    if (own.size > 0 && holdsAny(tree, own)) return;
    const comments = prepareForLiteralReading(tree);
    for (const node of comments) node.data.estree = nothing;
    let built: TreeNode[];
    try {
      built = flatten(
        toJsxRuntime(tree, {
          Fragment,
          jsx: jsx as never,
          jsxs: jsxs as never,
          passKeys: false,
          createEvaluater: () => ({ evaluateExpression: literalValue, evaluateProgram: declaredToc }),
        }),
      );
    } catch {
      // Anything the literal reading cannot do, and any error, is the MDX pipeline's to handle
      // (and to report in the words the author knows from it).
      for (const node of comments) node.data.estree = node.data.comment!;
      return;
    }
    (file.data as StaticTreeData).staticTree = built;
    throw treeBuilt;
  };
}

/**
 * How rehypeStaticTree ends a run: unified stops at a transformer's error. One instance, thrown
 * for every such page, so no stack is captured for each.
 */
const treeBuilt = new Error('the page is built from its hast');

/**
 * Processes a page with an MDX processor whose last rehype plugin is rehypeStaticTree: its element
 * tree when built from the hast, else the JavaScript MDX made of it. MDX's own errors are thrown.
 */
export async function treeOrCode(
  process: (file: VFile) => Promise<VFile>,
  file: VFile,
): Promise<{ tree: TreeNode[] } | { code: string }> {
  try {
    return { code: String((await process(file)).value) };
  } catch (error) {
    const { staticTree } = file.data as StaticTreeData;
    if (error !== treeBuilt || !staticTree) throw error;
    return { tree: staticTree };
  }
}

interface ExpressionNode {
  type: string;
  data: { estree: Program; comment?: Program };
}

/** `{undefined}`: what a comment-only expression renders, in a form the literal reading takes. */
const nothing: Program = {
  type: 'Program',
  sourceType: 'module',
  body: [{ type: 'ExpressionStatement', expression: { type: 'Identifier', name: 'undefined' } }],
};

/**
 * One walk over the hast before reading it: collects `{/* a note *\/}` expressions (they render
 * nothing), keeping their program to put back, and drops element properties that are false or
 * empty, as compiled MDX leaves them out (so this changes nothing for the MDX pipeline).
 */
function prepareForLiteralReading(tree: HastRoot): ExpressionNode[] {
  const comments: ExpressionNode[] = [];
  walkTree(tree, (node) => {
    if (node.type === 'element') {
      const { properties } = node as Element;
      for (const [name, value] of Object.entries(properties)) {
        if (value === false || value === null || value === undefined || Number.isNaN(value)) delete properties[name];
      }
      return;
    }
    if (node.type !== 'mdxFlowExpression' && node.type !== 'mdxTextExpression') return;
    const expression = node as unknown as Partial<ExpressionNode>;
    if (!expression.data?.estree || expression.data.estree.body.length > 0) return;
    expression.data.comment = expression.data.estree;
    comments.push(expression as ExpressionNode);
  });
  return comments;
}

/** The `toc` every page exports renders nothing; any other program needs running. */
function declaredToc(program: Program): undefined {
  if (!tocExports.has(program)) needsCode();
  return undefined;
}

function needsCode(): never {
  throw new NeedsCode();
}

/**
 * The value of a literal expression, as it would be when the page runs: strings, numbers, booleans,
 * `null`, arrays and plain objects of those, and the names of registered components (`<Tabs>`).
 */
function literalValue(expression: Expression): unknown {
  switch (expression.type) {
    case 'Literal':
      if ('regex' in expression || 'bigint' in expression) return needsCode();
      return expression.value;
    case 'Identifier':
      if (registered.has(expression.name)) return expression.name;
      if (expression.name === 'undefined') return undefined;
      return needsCode();
    case 'TemplateLiteral':
      if (expression.expressions.length > 0) return needsCode();
      return expression.quasis.map((quasi) => quasi.value.cooked ?? needsCode()).join('');
    case 'UnaryExpression': {
      const value = literalValue(expression.argument as Expression);
      if (expression.operator === '-' && typeof value === 'number') return -value;
      if (expression.operator === '!') return !value;
      return needsCode();
    }
    case 'ArrayExpression':
      return expression.elements.map((element) =>
        element && element.type !== 'SpreadElement' ? literalValue(element) : needsCode(),
      );
    case 'ObjectExpression': {
      const object: Record<string, unknown> = {};
      for (const property of expression.properties) {
        if (property.type !== 'Property' || property.computed || property.kind !== 'init') return needsCode();
        const key = String(
          property.key.type === 'Identifier' ? property.key.name : literalValue(property.key as Expression),
        );
        // `{__proto__: …}` sets the object's prototype when run: not a plain value.
        if (key === '__proto__') return needsCode();
        object[key] = literalValue(property.value as Expression);
      }
      return object;
    }
    default:
      return needsCode();
  }
}

/** Whether an element (HTML, or JSX such as `<Admonition>`) of the hast is one of `names`. */
function holdsAny(tree: HastRoot, names: Set<string>): boolean {
  let found = false;
  walkTree(tree, (node) => {
    const name = node.type === 'element' ? (node as Element).tagName : (node as { name?: unknown }).name;
    if (typeof name === 'string' && names.has(name)) found = true;
  });
  return found;
}

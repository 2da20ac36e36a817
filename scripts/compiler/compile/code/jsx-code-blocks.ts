// `<CodeBlock language="js" title="x.js" showLineNumbers>{`…`}</CodeBlock>` written in a page (or
// with `{source}` from a raw-loader import): its code is only known once the page is evaluated,
// so it is highlighted then, with the options Markdown fences get, into the same <pre> tree.

import { toJsxRuntime } from 'hast-util-to-jsx-runtime';
import type { TreeElement, TreeNode } from '../../../../client/contract/page.ts';
import { loadedLanguage, sharedCodeOptions, type CodeHighlighting } from './highlighter.ts';
import { Fragment, flatten, hasElement, jsx } from '../jsx-runtime.ts';
import { parseCodeMeta } from '../markdown/mdx-plugins.ts';
import { textOf } from '../table-of-contents.ts';

/** The page's tree with every <CodeBlock> that holds plain text replaced by its highlighted <pre>. */
export async function highlightJsxCodeBlocks(tree: TreeNode[], highlighting: CodeHighlighting): Promise<TreeNode[]> {
  // Most pages have none: they keep their tree as it is, not a copy of it.
  return hasElement(tree, 'CodeBlock') ? highlightIn(tree, highlighting) : tree;
}

async function highlightIn(tree: TreeNode[], highlighting: CodeHighlighting): Promise<TreeNode[]> {
  const result: TreeNode[] = [];
  for (const node of tree) {
    if (typeof node === 'string') result.push(node);
    else if (node.t === 'CodeBlock' && (node.c ?? []).every((child) => typeof child === 'string')) {
      result.push(...(await highlighted(node, highlighting)));
    } else if (node.c) result.push({ ...node, c: await highlightIn(node.c, highlighting) });
    else result.push(node);
  }
  return result;
}

async function highlighted(node: TreeElement, highlighting: CodeHighlighting): Promise<TreeNode[]> {
  const props = node.p ?? {};
  const metastring = typeof props.metastring === 'string' ? props.metastring : '';
  // Docusaurus also reads the language from `className="language-js"`.
  const fromClass = /\blanguage-(\S+)/.exec(String(props.className ?? ''))?.[1];
  const language = await loadedLanguage(highlighting, typeof props.language === 'string' ? props.language : fromClass);
  const meta: Record<string, unknown> = { ...parseCodeMeta(metastring), __raw: metastring };
  if (typeof props.title === 'string') meta.title = props.title;
  const { showLineNumbers } = props;
  if (showLineNumbers !== undefined && showLineNumbers !== false) meta.showLineNumbers = showLineNumbers;
  // As Docusaurus does, one final newline is not a line of code.
  const code = textOf(node).replace(/\n$/, '');
  const hast = highlighting.highlighter.codeToHast(code, {
    ...sharedCodeOptions(highlighting),
    lang: language,
    meta,
  });
  return flatten(toJsxRuntime(hast, { Fragment, jsx, jsxs: jsx } as Parameters<typeof toJsxRuntime>[1]));
}

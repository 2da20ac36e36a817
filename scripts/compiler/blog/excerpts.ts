// Where a post's preview ends: its truncate marker (`<!-- truncate -->`, `{/* truncate */}`). When the
// marker stands alone between blocks (most posts), the compiled post is cut there. When it sits inside
// a block (a list that runs on past it), the source up to the marker is compiled on its own, as
// Docusaurus's lists show it.

import type { TreeElement, TreeNode } from '../../../client/contract/page.ts';
import { compileDocs } from '../compile/compile-pages.ts';
import type { LinkContext } from '../compile/link-context.ts';
import type { CompileThreadPool } from '../compile/threads.ts';
import { newDiagnostics } from '../errors.ts';
import { truncateSentinel, type BlogPost } from './posts.ts';

/** The post's `# title` is its header's (Docusaurus takes the content's title out of a post). */
export function withoutTitle(tree: TreeNode[]): TreeNode[] {
  const first = tree.findIndex((node) => typeof node !== 'string' || node.trim() !== '');
  const node = tree[first];
  return typeof node === 'object' && node.t === 'h1' ? [...tree.slice(0, first), ...tree.slice(first + 1)] : tree;
}

/**
 * The whole post, with the truncate marker's stand-in (readPosts put it there) taken out, and its
 * excerpt: the top-level nodes before the marker when it is a paragraph of its own, none when it
 * sits inside a block (compileExcerpts then makes it). No marker: the excerpt is the post.
 */
export function cutAtMarker(tree: TreeNode[]): { full: TreeNode[]; excerpt?: TreeNode[] } {
  const at = tree.findIndex((node) => holdsMarker(node));
  if (at < 0) return { full: tree, excerpt: tree };
  const cleaned = withoutMarker(tree[at]!);
  const full = [...tree.slice(0, at), ...(cleaned === undefined ? [] : [cleaned]), ...tree.slice(at + 1)];
  return cleaned === undefined ? { full, excerpt: tree.slice(0, at) } : { full };
}

/**
 * Each post's source up to its marker, compiled; a post whose excerpt does not compile on its own (the
 * cut fell inside a JSX element) gets none. Its links were checked with the whole post already, so
 * problems found again here are not reported twice.
 */
export async function compileExcerpts(
  posts: BlogPost[],
  context: LinkContext,
  pool: CompileThreadPool | undefined,
): Promise<(TreeNode[] | undefined)[]> {
  const excerpts = new Array<TreeNode[] | undefined>(posts.length);
  if (posts.length === 0) return excerpts;
  const docs = posts.map(({ doc }) => ({ ...doc, raw: doc.raw.slice(0, doc.raw.indexOf(truncateSentinel)) }));
  await compileDocs(
    docs,
    { ...context, diagnostics: newDiagnostics() },
    (entry, index) => {
      excerpts[index] = withoutTitle(entry.tree);
    },
    { pool, onBroken: () => undefined },
  );
  return excerpts;
}

function holdsMarker(node: TreeNode): boolean {
  return typeof node === 'string' ? node.includes(truncateSentinel) : (node.c ?? []).some(holdsMarker);
}

/** The node with the marker's text taken out; nothing when that leaves it empty. */
function withoutMarker(node: TreeNode): TreeNode | undefined {
  if (typeof node === 'string') {
    const text = node.replace(truncateSentinel, '');
    return text.trim() === '' ? undefined : text;
  }
  if (!node.c) return node;
  const children = (node.c ?? []).flatMap((child) => {
    const kept = withoutMarker(child);
    return kept === undefined ? [] : [kept];
  });
  if (children.length === 0 && holdsMarker(node)) return undefined;
  return { ...node, c: children } as TreeElement;
}

// Remark plugin, right after remark-gfm: GFM's literal autolinks (`www.x.org`, `https://…`,
// `me@x.org`) are found after parsing, by a transform that runs four regular expressions over every
// text node of the page with unist-util-visit-parents, which names a function for each node it
// passes. Most pages have no text those expressions could match: for them the transform is skipped,
// after one plain walk, and their tree is what the transform would have left.

import type { Root, Text } from 'mdast';
import type { Extension as FromMarkdownExtension } from 'mdast-util-from-markdown';
import type { Processor } from 'unified';
import type { Node } from 'unist';
import { walkTree } from './walk-tree.ts';

type Transform = NonNullable<FromMarkdownExtension['transforms']>[number];
type Extensions = (FromMarkdownExtension | Extensions)[];

/**
 * Text the transform's expressions need, one of: an `@` (e-mail, mailto:, xmpp:), `www.` or
 * `http://` / `https://` (any case). Checked on parsed text, so character references count too.
 */
const autolinkHint = /@|www\.|https?:\/\//i;

export function mayHoldLiteralAutolink(tree: Node): boolean {
  let found = false;
  walkTree(tree, (node) => {
    if (!found && node.type === 'text' && autolinkHint.test((node as Text).value)) found = true;
  });
  return found;
}

export function remarkGfmAutolinkGuard(this: Processor): void {
  const data = this.data() as { fromMarkdownExtensions?: Extensions };
  const extensions = data.fromMarkdownExtensions;
  if (!extensions || !guardIn(extensions)) {
    throw new Error('remarkGfmAutolinkGuard found no GFM autolink transform: it goes right after remark-gfm');
  }
}

/** Replaces the autolink extension (the one that reads `literalAutolink` tokens) with a guarded copy. */
function guardIn(extensions: Extensions): boolean {
  for (let index = extensions.length - 1; index >= 0; index--) {
    const extension = extensions[index]!;
    if (Array.isArray(extension)) {
      if (guardIn(extension)) return true;
    } else if (extension.enter?.literalAutolink && extension.transforms) {
      extensions[index] = { ...extension, transforms: extension.transforms.map(guarded) };
      return true;
    }
  }
  return false;
}

function guarded(transform: Transform): Transform {
  return (tree: Root) => (mayHoldLiteralAutolink(tree) ? transform(tree) : undefined);
}

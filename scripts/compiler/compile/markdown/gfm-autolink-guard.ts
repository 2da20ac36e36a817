// Remark plugin, right after remark-gfm: GFM's literal autolinks (`www.x.org`, `https://…`,
// `me@x.org`) cost twice on a page that has none.
// - While parsing, micromark tries an e-mail autolink at the start of every word (reading the word
//   to its end before it fails for want of an `@`), and a www or http one at every word starting
//   with w or h. A page whose source has no `@` (no `www`, no `http`) is parsed without those
//   attempts, which can only fail there: the events, and so the tree, are the same.
// - After parsing, a transform runs four regular expressions over every text node of the page with
//   unist-util-visit-parents, which names a function for each node it passes. Most pages have no
//   text those expressions could match: for them the transform is skipped, after one plain walk,
//   and their tree is what the transform would have left.

import type { Root, Text } from 'mdast';
import type { Extension as FromMarkdownExtension } from 'mdast-util-from-markdown';
import type { Construct, ConstructRecord, Extension as SyntaxExtension } from 'micromark-util-types';
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
  const data = this.data() as { fromMarkdownExtensions?: Extensions; micromarkExtensions?: SyntaxExtension[] };
  const extensions = data.fromMarkdownExtensions;
  if (!extensions || !guardIn(extensions)) {
    throw new Error('remarkGfmAutolinkGuard found no GFM autolink transform: it goes right after remark-gfm');
  }
  const syntax = data.micromarkExtensions?.find((extension) => hasAutolinkConstructs(extension.text));
  const parse = this.parser;
  if (!syntax?.text || !parse) {
    throw new Error('remarkGfmAutolinkGuard found no GFM autolink syntax: it goes right after remark-gfm');
  }
  const textOf = textConstructsFor(syntax.text);
  // Parsing is synchronous: the constructs chosen for a page are in place for its parse alone.
  this.parser = (document, file) => {
    syntax.text = textOf(document);
    return parse(document, file);
  };
}

type AutolinkName = 'emailAutolink' | 'wwwAutolink' | 'protocolAutolink';

/** Source text without which each autolink construct cannot succeed (any case, as micromark reads it). */
const neededText: [AutolinkName, RegExp][] = [
  ['emailAutolink', /@/],
  ['wwwAutolink', /www/i],
  ['protocolAutolink', /http/i],
];

function hasAutolinkConstructs(text: ConstructRecord | undefined): boolean {
  return Object.values(text ?? {}).some((constructs) => listOf(constructs).some(isAutolink));
}

const isAutolink = (construct: Construct) => neededText.some(([name]) => name === construct.name);
const listOf = (constructs: ConstructRecord[string]): Construct[] =>
  constructs === undefined ? [] : Array.isArray(constructs) ? constructs : [constructs];

/** The text constructs for a document: GFM's, less the autolinks its source rules out (one record each set). */
function textConstructsFor(all: ConstructRecord): (document: string) => ConstructRecord {
  const records = new Map<string, ConstructRecord>();
  return (document) => {
    const ruledOut = new Set(neededText.filter(([, needed]) => !needed.test(document)).map(([name]) => name));
    const key = [...ruledOut].join();
    let record = records.get(key);
    if (!record) {
      record = {};
      for (const [code, constructs] of Object.entries(all)) {
        const kept = listOf(constructs).filter((construct) => !ruledOut.has(construct.name as AutolinkName));
        if (kept.length > 0) record[code] = kept;
      }
      records.set(key, record);
    }
    return record;
  };
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

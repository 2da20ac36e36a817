// Rehype plugin: every Markdown fence (`<pre><code class="language-x">`) highlighted by Shiki with
// the options JSX code blocks get. It does what @shikijs/rehype's core did for the options we gave
// it (languages loaded lazily, plain text as default and fallback: loadedLanguage, as for JSX code
// blocks; meta parsed by parseCodeMeta), but walks the tree with walk-tree.ts: unist-util-visit
// names a function for every node it passes, and that walk over every element of every page cost
// more than a tenth of the highlighting itself.

import type { Element, Root, RootContent } from 'hast';
import { toString as hastToString } from 'hast-util-to-string';
import type { Node, Parent } from 'unist';
import { loadedLanguage, sharedCodeOptions, type CodeHighlighting } from './highlighter.ts';
import { parseCodeMeta } from '../markdown/mdx-plugins.ts';
import { skipChildren, walkTree } from '../markdown/walk-tree.ts';

const languageClassPrefix = 'language-';

interface Fence {
  language: string | undefined;
  code: string;
  metastring: string;
}

export function rehypeCodeFences(highlighting: CodeHighlighting) {
  const { highlighter } = highlighting;
  const shared = sharedCodeOptions(highlighting);

  return async (tree: Root): Promise<void> => {
    const loading: Promise<void>[] = [];
    walkTree(tree, (node, index, parent) => {
      if (!parent || index === undefined || !isElement(node, 'pre')) return;
      const fence = fenceOf(node);
      if (!fence) return;
      const meta = fence.metastring ? parseCodeMeta(fence.metastring) : {};
      const place = (language: string) => {
        // A fence's last newline ends its last line; it is not an empty line of code.
        const code = fence.code.endsWith('\n') ? fence.code.slice(0, -1) : fence.code;
        const highlighted = highlighter.codeToHast(code, {
          ...shared,
          lang: language,
          meta: { ...meta, __raw: fence.metastring },
        });
        (parent as Parent).children[index] = highlighted as unknown as RootContent;
      };
      // A grammar not loaded yet is loaded first; a name Shiki has no grammar of stays plain text.
      loading.push(loadedLanguage(highlighting, fence.language).then(place));
      // Nothing inside a fence is another fence.
      return skipChildren;
    });
    await Promise.all(loading);
  };
}

function isElement(node: Node, tagName: string): node is Element {
  return node.type === 'element' && (node as Element).tagName === tagName;
}

/** The code, language and meta string of a `<pre>` whose first child is its `<code>`. */
function fenceOf(pre: Element): Fence | undefined {
  const code = pre.children[0];
  if (!code || code.type !== 'element' || code.tagName !== 'code' || !code.properties) return undefined;
  const classes = code.properties.className;
  const languageClass = Array.isArray(classes)
    ? classes.find((name) => typeof name === 'string' && name.startsWith(languageClassPrefix))
    : undefined;
  const meta = (code.data as { meta?: string } | undefined)?.meta;
  return {
    language: typeof languageClass === 'string' ? languageClass.slice(languageClassPrefix.length) : undefined,
    code: hastToString(code),
    metastring: meta ?? code.properties.metastring?.toString() ?? '',
  };
}

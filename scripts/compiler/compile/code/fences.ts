// Code fences as Docusaurus sites write them: highlighted lines from the meta string (`{1,3-5}`)
// or from magic comments (`// highlight-next-line`, `highlight-start` … `highlight-end`), and
// `showLineNumbers` / `showLineNumbers=5`. Runs as a Shiki transformer, so the classes land on
// the `<span class="line">` elements Shiki builds.

import type { ShikiTransformer } from 'shiki';

/** Class of a highlighted line; the stylesheet gives it a background and a left border. */
export const highlightedLineClass = 'code-line-highlighted';

/** `{1,3-5}` anywhere in the meta string, as 1-based line numbers. */
export function metaLineRanges(meta: string): Set<number> | undefined {
  const match = /\{([\d,\s-]+)\}/.exec(meta);
  if (!match) return undefined;
  const lines = new Set<number>();
  for (const part of match[1]!.split(',')) {
    const [from, to = from] = part.trim().split('-').map(Number);
    if (from === undefined || !Number.isInteger(from) || !Number.isInteger(to)) continue;
    for (let line = from; line <= to!; line++) lines.add(line);
  }
  return lines;
}

// The comment forms Docusaurus accepts across languages: `//`, `#`, `--`, `%`, `/* */`, `{/* */}`, `<!-- -->`.
const magicComment = /^\s*(?:\/\/|#|--|%|;|\{?\/\*|<!--)\s*highlight-(next-line|start|end)\s*(?:\*\/\}?|-->)?\s*$/;

/** Removes magic comment lines and says which of the remaining lines they highlight. */
export function magicCommentLines(code: string): { code: string; lines: Set<number> } | undefined {
  const source = code.split('\n');
  if (!source.some((line) => magicComment.test(line))) return undefined;
  const kept: string[] = [];
  const lines = new Set<number>();
  let nextLine = false;
  let open = 0;
  for (const line of source) {
    const directive = magicComment.exec(line)?.[1];
    if (directive === 'next-line') nextLine = true;
    else if (directive === 'start') open++;
    else if (directive === 'end') open = Math.max(0, open - 1);
    else {
      kept.push(line);
      if (nextLine || open > 0) lines.add(kept.length);
      nextLine = false;
    }
  }
  return { code: kept.join('\n'), lines };
}

/** `showLineNumbers` gives 1; `showLineNumbers=5` gives 5; absent gives undefined. */
function lineNumberStart(meta: Record<string, unknown>): number | undefined {
  const value = meta.showLineNumbers;
  if (value === undefined) return undefined;
  const start = Number(value);
  return value === true || !Number.isInteger(start) ? 1 : start;
}

interface FenceState {
  highlighted?: Set<number>;
  lineNumbersFrom?: number;
}

export const codeLinesTransformer: ShikiTransformer = {
  name: 'self-docs-code-lines',
  preprocess(code) {
    const meta = (this.options.meta ?? {}) as Record<string, unknown>;
    const state: FenceState = { lineNumbersFrom: lineNumberStart(meta) };
    // Only the title becomes an attribute of <pre>; the other meta flags are read here.
    delete meta.showLineNumbers;
    (this.meta as { fence?: FenceState }).fence = state;
    // As in Docusaurus, a range in the meta string wins and magic comments then stay as written.
    const ranges = metaLineRanges(typeof meta.__raw === 'string' ? meta.__raw : '');
    if (ranges) {
      state.highlighted = ranges;
      return undefined;
    }
    const magic = magicCommentLines(code);
    if (!magic) return undefined;
    state.highlighted = magic.lines;
    return magic.code;
  },
  pre(node) {
    const state = (this.meta as { fence?: FenceState }).fence;
    if (state?.lineNumbersFrom === undefined) return;
    this.addClassToHast(node, 'code-line-numbers');
    // The counter is CSS, so the numbers are not text and the copy button leaves them out.
    const style = typeof node.properties.style === 'string' ? `${node.properties.style};` : '';
    node.properties.style = `${style}counter-reset:line ${state.lineNumbersFrom - 1}`;
  },
  line(node, line) {
    const state = (this.meta as { fence?: FenceState }).fence;
    if (state?.highlighted?.has(line)) this.addClassToHast(node, highlightedLineClass);
  },
};

/** The fence's `title="…"` and its language become attributes of <pre>, which CodeBlock shows. */
export const codeTitleTransformer: ShikiTransformer = {
  name: 'self-docs-code-title',
  pre(node) {
    const meta = (this.options.meta ?? {}) as Record<string, unknown>;
    if (typeof meta.title === 'string') node.properties['data-title'] = meta.title;
    if (this.options.lang) node.properties['data-language'] = this.options.lang;
  },
};

// Highlighted code as few elements as it needs: a code-heavy page is mostly its code's markup,
// which its HTML pays for. Shiki wraps every token and every line in a <span>; here a token in the default
// colour is plain text, neighbouring tokens of one class are one <span>, and a block whose lines
// are neither highlighted nor numbered keeps no line elements (its text already ends each line
// with a newline). The text, and so what the copy button copies, is unchanged.

import type { Element, ElementContent } from 'hast';
import type { ShikiTransformer } from 'shiki';
import { highlightedLineClass } from './fences.ts';

/** The class of a line element; code.css styles a line by it only for highlighting and numbers. */
const lineClass = 'line';
/** The class fences.ts gives a block with line numbers. */
const lineNumbersClass = 'code-line-numbers';

/** Runs after the transformers that mark highlighted lines and line numbers. */
export const compactCodeTransformer: ShikiTransformer = {
  name: 'self-docs-compact-code',
  pre(node) {
    const code = node.children.find((child): child is Element => child.type === 'element' && child.tagName === 'code');
    if (!code) return;
    const lines = code.children.filter(isLine);
    for (const line of lines) line.children = compactTokens(line.children);
    const linesMatter =
      classesOf(node).includes(lineNumbersClass) ||
      lines.some((line) => classesOf(line).includes(highlightedLineClass));
    if (!linesMatter)
      code.children = mergeText(code.children.flatMap((child) => (isLine(child) ? child.children : [child])));
  },
};

/** A line's tokens with default-coloured ones as text and same-class neighbours joined. */
function compactTokens(tokens: ElementContent[]): ElementContent[] {
  const compact: ElementContent[] = [];
  for (const token of tokens) {
    const plain = token.type === 'element' && token.tagName === 'span' && classesOf(token).length === 0;
    if (plain) {
      compact.push(...token.children);
      continue;
    }
    const previous = compact.at(-1);
    if (previous && sameStyle(previous, token) && previous.type === 'element' && token.type === 'element') {
      previous.children = mergeText([...previous.children, ...token.children]);
    } else compact.push(token);
  }
  return mergeText(compact);
}

function sameStyle(a: ElementContent, b: ElementContent): boolean {
  if (a.type !== 'element' || b.type !== 'element' || a.tagName !== 'span' || b.tagName !== 'span') return false;
  if (Object.keys(a.properties).length !== 1 || Object.keys(b.properties).length !== 1) return false;
  return classesOf(a).join(' ') === classesOf(b).join(' ');
}

/** Neighbouring text nodes as one. */
function mergeText(nodes: ElementContent[]): ElementContent[] {
  const merged: ElementContent[] = [];
  for (const node of nodes) {
    const previous = merged.at(-1);
    if (node.type === 'text' && previous?.type === 'text')
      merged[merged.length - 1] = { ...previous, value: previous.value + node.value };
    else merged.push(node);
  }
  return merged;
}

function isLine(node: ElementContent): node is Element {
  return node.type === 'element' && node.tagName === 'span' && classesOf(node).includes(lineClass);
}

function classesOf(node: Element): string[] {
  const value = node.properties.class ?? node.properties.className;
  if (Array.isArray(value)) return value.map(String);
  return typeof value === 'string' ? value.split(/\s+/).filter(Boolean) : [];
}

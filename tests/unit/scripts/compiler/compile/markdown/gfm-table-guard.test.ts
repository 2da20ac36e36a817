// The build lets micromark try a GFM table only on lines near a delimiter row: a page must come out
// as remark-gfm alone makes it, positions and all, tables or not.

import remarkGfm from 'remark-gfm';
import remarkMdx from 'remark-mdx';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { describe, expect, it } from 'vitest';
import {
  remarkGfmTableGuard,
  tableLines,
} from '../../../../../../scripts/compiler/compile/markdown/gfm-table-guard.ts';

const parsed = (markdown: string, guarded: boolean) => {
  const processor = unified().use(remarkParse).use(remarkMdx).use(remarkGfm);
  if (guarded) processor.use(remarkGfmTableGuard);
  return processor.parse(markdown);
};

const pages = {
  prose: '# Title\n\nA paragraph | with a pipe.\nAnd a second line - with a dash.\n',
  table: 'Before.\n\n| a | b |\n| - | :-: |\n| 1 | 2 |\n3 | 4\n\nAfter | the table.\n',
  afterParagraph: 'A paragraph line\n| a | b |\n|---|---|\n| 1 | 2 |\n',
  noPipes: 'abc def\n:--\nghi\n\ntext\n',
  inList: '- item\n\n  | a | b |\n  | - | - |\n  | 1 | 2 |\n- next\n',
  inQuote: '> | a | b |\n> | - | - |\n> | 1 | 2 |\n>\n> after\n',
  tabsAndCrlf: '| a |\tb |\r\n|\t- | - |\r\n| 1 | 2 |\r\n\r\nend\r\n',
  notADelimiter: '| a | b |\n| x | y |\n\nA - dash and: colon.\n',
  lazyLine: '> | a | b |\n> | - | - |\n| 1 | 2 |\n',
  twoTables: '| a |\n| - |\n| 1 |\n\n| b |\n| :- |\n| 2 |\n',
};

describe('remarkGfmTableGuard', () => {
  it.each(Object.entries(pages))('leaves the %s page as remark-gfm alone parses it', (_, markdown) => {
    expect(parsed(markdown, true)).toEqual(parsed(markdown, false));
  });

  it('tries a table only from the line before a delimiter row to the next blank line', () => {
    const open = (markdown: string) => [...tableLines(markdown)].flatMap((flag, line) => (flag ? [line] : []));
    expect(open(pages.prose)).toEqual([]);
    expect(open(pages.table)).toEqual([3, 4, 5, 6]);
    expect(open(pages.noPipes)).toEqual([1, 2, 3]);
    expect(open(pages.twoTables)).toEqual([1, 2, 3, 5, 6, 7]);
  });

  it('says where it belongs when remark-gfm does not come before it', () => {
    const processor = unified().use(remarkParse).use(remarkGfmTableGuard);
    expect(() => processor.freeze()).toThrow(/after remark-gfm/);
  });
});

// A compiled page turned back into plain Markdown for `<route>.md` and the llms files.

import { describe, expect, it } from 'vitest';
import type { TreeNode } from '../../../../../client/contract/page.ts';
import { llmsParts, llmsRecord } from '../../../../../scripts/compiler/outputs/llms.ts';
import { pageMarkdown } from '../../../../../scripts/compiler/outputs/markdown-export.ts';

const site = 'https://docs.example.test';
const md = (tree: TreeNode[], title = 'Page') => pageMarkdown({ title, tree }, site);

describe('plain Markdown of a page', () => {
  it('starts with the page title unless the page opens with its own heading', () => {
    expect(md([{ t: 'p', c: ['Hi'] }], 'Hello')).toBe('# Hello\n\nHi\n');
    expect(
      md(
        [
          { t: 'h1', c: ['Own'] },
          { t: 'p', c: ['Hi'] },
        ],
        'Hello',
      ),
    ).toBe('# Own\n\nHi\n');
  });

  it('writes nested and ordered lists with their indentation', () => {
    const tree: TreeNode[] = [
      {
        t: 'ul',
        c: [
          {
            t: 'li',
            c: [
              'one',
              {
                t: 'ol',
                c: [
                  { t: 'li', c: ['a'] },
                  { t: 'li', c: ['b'] },
                ],
              },
            ],
          },
          { t: 'li', c: [{ t: 'em', c: ['two'] }] },
        ],
      },
    ];
    expect(md(tree)).toBe('# Page\n\n- one\n\n  1. a\n  2. b\n- *two*\n');
  });

  it('makes site links absolute and keeps outside links and anchors as written', () => {
    const tree: TreeNode[] = [
      {
        t: 'p',
        c: [
          { t: 'a', p: { href: '/a#b' }, c: ['in'] },
          ' ',
          { t: 'a', p: { href: 'https://x.test/' }, c: ['out'] },
          ' ',
          { t: 'a', p: { href: '#here' }, c: ['here'] },
        ],
      },
    ];
    expect(md(tree)).toContain('[in](https://docs.example.test/a#b) [out](https://x.test/) [here](#here)');
  });

  it('fences code that itself holds a fence with a longer fence', () => {
    const tree: TreeNode[] = [{ t: 'pre', p: { 'data-language': 'md' }, c: [{ t: 'code', c: ['```js\nx\n```\n'] }] }];
    expect(md(tree)).toContain('````md\n```js\nx\n```\n````');
  });

  it('names an admonition without a title by its type', () => {
    const tree: TreeNode[] = [{ t: 'Admonition', p: { type: 'warning' }, c: [{ t: 'p', c: ['Careful'] }] }];
    expect(md(tree)).toContain('> **Warning**\n>\n> Careful');
  });

  it('turns an embedded video into a link to it', () => {
    const tree: TreeNode[] = [
      { t: 'div', c: [{ t: 'iframe', p: { src: 'https://www.youtube.com/embed/x', title: 'A talk' } }] },
    ];
    expect(md(tree)).toBe('# Page\n\n[A talk](https://www.youtube.com/embed/x)\n');
  });

  it('nests tabs one level under the heading they follow', () => {
    const tree: TreeNode[] = [
      { t: 'h3', c: ['Install'] },
      { t: 'Tabs', c: [{ t: 'TabItem', p: { label: 'npm' }, c: ['npm i'] }] },
    ];
    expect(md(tree)).toContain('### Install\n\n#### npm\n\nnpm i');
  });
});

describe('llms.txt record', () => {
  it('leaves unlisted pages and outside links out and keeps sidebar order', () => {
    const record = llmsRecord(
      { title: 'T', tagline: 'Tag', url: site },
      {
        docs: [
          {
            type: 'category',
            label: 'Cat',
            collapsed: true,
            collapsible: true,
            items: [
              { type: 'doc', label: 'B', href: '/b' },
              { type: 'doc', label: 'Hidden', href: '/hidden' },
              { type: 'link', label: 'Out', href: 'https://x.test' },
              { type: 'doc', label: 'A', href: '/a' },
            ],
          },
        ],
      },
      [
        { route: '/a', title: 'A', description: '' },
        { route: '/b', title: 'B', description: 'Bee' },
        { route: '/hidden', title: 'Hidden', description: '', unlisted: true },
      ],
    );
    const parts = llmsParts(record);
    expect(parts.flatMap((part) => part.routes)).toEqual(['/b', '/a']);
    expect(parts.map((part) => part.text).join('')).toBe(
      '# T\n\n> Tag\n\n## Cat\n\n- [B](https://docs.example.test/b): Bee\n- [A](https://docs.example.test/a)\n',
    );
  });
});

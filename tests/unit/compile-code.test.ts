// Step "compile": code is highlighted at build time, and Docusaurus theme imports resolve.

import { beforeAll, describe, expect, it } from 'vitest';
import type { PageData, TreeElement } from '../../client/model.ts';
import { buildSite } from './support/sites.ts';
import { byTag, findAll, text } from './support/tree.ts';

let code: PageData;
let blocks: TreeElement[];

beforeAll(async () => {
  const result = await buildSite('tests/fixtures/markdown-features');
  code = result.pages.find((p) => p.route === '/code')!;
  blocks = byTag(code.tree, 'pre');
});

describe('code blocks', () => {
  it('highlights code at build time with light and dark colours as CSS variables', () => {
    const tokens = findAll(blocks[0]!.c!, (element) => element.t === 'span' && typeof element.p?.style === 'object');
    expect(tokens.length).toBeGreaterThan(3);
    for (const token of tokens) {
      expect(Object.keys(token.p!.style as object).sort()).toEqual(['--shiki-dark', '--shiki-light']);
    }
    expect(blocks[0]!.p?.style).toMatchObject({
      '--shiki-light-bg': expect.any(String),
      '--shiki-dark-bg': expect.any(String),
    });
  });

  it('keeps the code text exactly', () => {
    expect(text(blocks[0]!)).toBe("const greeting: string = 'hello';");
  });

  it('gives the block its title and language', () => {
    expect(blocks[0]!.p).toMatchObject({ 'data-title': 'greet.ts', 'data-language': 'ts' });
  });

  it('treats a fence without a language as plain text and without a title', () => {
    expect(blocks[1]!.p?.['data-language']).toBe('text');
    expect(blocks[1]!.p?.['data-title']).toBeUndefined();
    expect(text(blocks[1]!)).toBe('plain text without a language');
  });
});

describe('theme components', () => {
  it("resolves `import Tabs from '@theme/Tabs'` to the registered Tabs and TabItem", () => {
    const [tabs] = findAll(code.tree, (element) => element.t === 'Tabs');
    const items = findAll(tabs!.c!, (element) => element.t === 'TabItem');
    expect(items.map((item) => item.p)).toEqual([
      { value: 'npm', label: 'npm', default: true },
      { value: 'yarn', label: 'Yarn' },
    ]);
    expect(items.map(text)).toEqual(['npm install', 'yarn add']);
  });
});

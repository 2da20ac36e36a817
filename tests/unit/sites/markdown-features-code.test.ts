// Step "compile": code is highlighted at build time, and Docusaurus theme imports resolve.

import { readFile } from 'node:fs/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadCodeThemes } from '../../../scripts/compiler/compile/code/themes.ts';
import { codeTokens, codeTokensCssFile } from '../../../scripts/compiler/compile/code/tokens.ts';
import type { PageData, TreeElement } from '../../../client/contract/page.ts';
import { buildSite } from '../support/sites.ts';
import { byTag, findAll, text } from '../support/tree.ts';

let code: PageData;
let blocks: TreeElement[];

beforeAll(async () => {
  const result = await buildSite('tests/fixtures/markdown-features');
  code = result.pages.find((p) => p.route === '/code')!;
  blocks = byTag(code.tree, 'pre');
});

describe('code blocks', () => {
  it('highlights code at build time with a class a pair of light and dark colours, and no inline style', async () => {
    const tokens = findAll(blocks[0]!.c!, (element) => element.t === 'span' && element.p?.className !== 'line');
    const classes = tokens.map((token) => token.p?.className).filter((name) => name !== undefined);
    expect(new Set(classes).size).toBeGreaterThan(2);
    for (const name of classes) expect(name).toMatch(/^tk\d+$/);
    expect(findAll(blocks[0]!.c!, (element) => element.p?.style !== undefined)).toEqual([]);
    expect(blocks[0]!.p?.style).toBeUndefined();
    // Every class the page uses has its colours in the stylesheet, in both site themes.
    const css = await readFile(codeTokensCssFile, 'utf8');
    for (const name of classes) {
      expect(css).toContain(`.shiki .${name} {`);
      expect(css).toContain(`[data-theme='dark'] .shiki .${name} {`);
    }
  });

  it('ships the token stylesheet the code themes make', async () => {
    const generated = codeTokens(await loadCodeThemes()).css;
    expect(await readFile(codeTokensCssFile, 'utf8'), 'run `npx tsx scripts/compiler/compile/code/tokens.ts`').toBe(
      generated,
    );
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

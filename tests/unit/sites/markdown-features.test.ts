// Step "compile": Markdown and Docusaurus syntax become the element tree a page renders.

import { beforeAll, describe, expect, it } from 'vitest';
import type { PageData } from '../../../client/contract/page.ts';
import { buildSite } from '../support/sites.ts';
import { byTag, findAll, text } from '../support/tree.ts';

let page: PageData;

beforeAll(async () => {
  const result = await buildSite('tests/fixtures/markdown-features');
  page = result.pages.find((p) => p.route === '/markdown')!;
});

describe('GitHub-flavoured Markdown', () => {
  it('renders a table with its header, body and column alignment', () => {
    const [table] = byTag(page.tree, 'table');
    expect(byTag(table!.c!, 'th').map(text)).toEqual(['Name', 'Value']);
    expect(byTag(table!.c!, 'td').map(text)).toEqual(['alpha', '1']);
    expect(byTag(table!.c!, 'th')[1]!.p).toEqual({ style: { textAlign: 'right' } });
  });

  it('renders task lists, strike-through and bare URLs', () => {
    const boxes = byTag(page.tree, 'input');
    expect(boxes.map((box) => box.p?.checked ?? false)).toEqual([true, false]);
    expect(byTag(page.tree, 'del').map(text)).toEqual(['struck']);
    expect(byTag(page.tree, 'a').map((a) => a.p?.href)).toContain('https://autolinked.example.test');
  });
});

describe('admonitions', () => {
  const admonitions = () => findAll(page.tree, (element) => element.t === 'Admonition');

  it('turns `:::tip Title` into an Admonition with its type and title', () => {
    expect(admonitions()[0]).toMatchObject({ p: { type: 'tip', title: 'Quick tip' } });
    expect(text(admonitions()[0]!)).toBe('Tips take a title after the type.');
  });

  it('turns `:::warning[Title]` into an Admonition with its type and title', () => {
    expect(admonitions()[1]).toMatchObject({ p: { type: 'warning', title: 'Careful' } });
  });

  it('leaves the title out when none is given, so the component shows its default', () => {
    expect(admonitions()[2]!.p).toEqual({ type: 'note' });
  });

  it('keeps Markdown inside an admonition and a title of several words', () => {
    const danger = admonitions()[3]!;
    expect(danger.p).toEqual({ type: 'danger', title: 'Several words of title' });
    expect(byTag(danger.c!, 'strong').map(text)).toEqual(['bold']);
  });
});

describe('headings and table of contents', () => {
  it('gives headings GitHub-style ids, unique within the page', () => {
    expect(byTag(page.tree, 'h2').map((h) => h.p?.id)).toEqual(['tables', 'admonitions', 'usage', 'usage-1', 'html']);
  });

  it('uses a `{#custom-id}` as the id and removes it from the text', () => {
    const [install] = byTag(page.tree, 'h3');
    expect(install!.p?.id).toBe('install-step');
    expect(text(install!)).toBe('Install');
  });

  it('lists h2 and h3 headings in the table of contents, in order, and nothing deeper', () => {
    expect(page.toc).toEqual([
      { id: 'tables', text: 'Tables', level: 2 },
      { id: 'admonitions', text: 'Admonitions', level: 2 },
      { id: 'usage', text: 'Usage', level: 2 },
      { id: 'install-step', text: 'Install', level: 3 },
      { id: 'usage-1', text: 'Usage', level: 2 },
      { id: 'html', text: 'HTML', level: 2 },
    ]);
  });

  it('keeps the h1 out of the table of contents', () => {
    expect(page.toc.map((item) => item.text)).not.toContain('Markdown features');
  });
});

describe('HTML in pages', () => {
  it('keeps <details> with its summary and the Markdown inside it', () => {
    const [details] = byTag(page.tree, 'details');
    expect(text(byTag(details!.c!, 'summary'))).toBe('More');
    expect(byTag(details!.c!, 'strong').map(text)).toEqual(['text']);
  });

  it('keeps className and style objects on HTML elements', () => {
    const [box] = findAll(page.tree, (element) => element.p?.className === 'custom-box');
    expect(box).toMatchObject({ t: 'div', p: { style: { color: 'red' } }, c: ['HTML with className'] });
  });

  it('keeps inline SVG with its attributes in React form', () => {
    const [svg] = byTag(page.tree, 'svg');
    expect(svg!.p).toEqual({ viewBox: '0 0 10 10', strokeWidth: '2' });
    expect(byTag(svg!.c!, 'circle')[0]!.p).toEqual({ cx: '5', cy: '5', r: '4' });
  });
});

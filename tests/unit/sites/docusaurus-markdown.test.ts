// Step "compile" on a Docusaurus 3 site written the way real ones are: `markdown.format: 'detect'`,
// HTML comments, an imported partial, and code fences with titles, line highlights, line numbers,
// magic comments and npm2yarn.

import { beforeAll, describe, expect, it } from 'vitest';
import type { PageData, TreeElement } from '../../../client/contract/page.ts';
import { buildSite, type BuiltSite } from '../support/sites.ts';
import { byTag, findAll, text } from '../support/tree.ts';

let site: BuiltSite;
const page = (route: string): PageData => {
  const found = site.pages.find((p) => p.route === route);
  if (!found) throw new Error(`no page ${route}; built ${site.pages.map((p) => p.route).join(', ')}`);
  return found;
};
const lines = (pre: TreeElement) => findAll(pre.c!, (element) => /\bline\b/.test(String(element.p?.className)));
const highlighted = (pre: TreeElement) =>
  lines(pre).flatMap((line, index) => (/code-line-highlighted/.test(String(line.p!.className)) ? [index + 1] : []));

beforeAll(async () => {
  site = await buildSite('tests/fixtures/docusaurus-markdown');
});

describe('HTML comments', () => {
  it('builds MDX pages with HTML comments and shows none of them', () => {
    const home = page('/');
    expect(text(home.tree)).not.toMatch(/comment/);
    expect(text(byTag(home.tree, 'p')[0]!)).toBe('Welcome.  The end of the sentence.');
    expect(text(page('/guides/setup').tree)).not.toMatch(/several lines/);
  });

  it('leaves comments out of the page description', () => {
    expect(page('/').description).toBe('Welcome. The end of the sentence.');
    expect(page('/guides/setup').description).toBe('');
  });

  it('keeps comments written inside code blocks and inline code', () => {
    const home = page('/');
    expect(text(byTag(home.tree, 'pre').at(-1)!)).toContain('<!-- kept in code -->');
    expect(byTag(home.tree, 'code').map(text)).toContain('<!-- kept -->');
  });

  it('still reads `## Title {#id}` as a custom heading id', () => {
    expect(page('/').toc).toContainEqual({ id: 'install', text: 'Installing', level: 2 });
  });

  it('reads `## Title {/* #id */}`, the MDX comment form newer Docusaurus sites use, as a custom heading id', () => {
    expect(page('/').toc.slice(-3)).toEqual([
      { id: 'setup-options', text: 'Options', level: 2 },
      { id: 'typescript', text: '-t, --typescript', level: 3 },
      { id: 'a-heading-with-a-note', text: 'A heading with a note', level: 3 },
    ]);
    const headings = [...byTag(page('/').tree, 'h2'), ...byTag(page('/').tree, 'h3')].slice(-3);
    expect(headings.map((heading) => heading.p?.id)).toEqual(['setup-options', 'typescript', 'a-heading-with-a-note']);
    expect(headings.map(text)).toEqual(['Options', '-t, --typescript', 'A heading with a note']);
  });
});

describe("markdown.format: 'detect'", () => {
  it('reads a .md page as CommonMark: braces and a lone < are text', () => {
    expect(text(byTag(page('/plain').tree, 'p')[0]!)).toBe(
      'Braces {like these} and a lone < sign are text in CommonMark.',
    );
  });

  it('renders the HTML of a CommonMark page, with Markdown between its tags, and drops its comments', () => {
    const plain = page('/plain').tree;
    expect(byTag(plain, 'kbd').map(text)).toEqual(['Ctrl', 'C']);
    expect(byTag(byTag(plain, 'kbd')[1]!.c!, 'strong')).toHaveLength(1);
    expect(byTag(plain, 'br')).toHaveLength(1);
    const [details] = byTag(plain, 'details');
    expect(text(byTag(details!.c!, 'summary')[0]!)).toBe('More');
    expect(byTag(details!.c!, 'em').map(text)).toEqual(['Markdown']);
    expect(text(plain)).not.toMatch(/comments in CommonMark/);
  });

  it('reads `{#id}` headings in a CommonMark page', () => {
    expect(page('/plain').toc).toEqual([{ id: 'custom-id', text: 'Custom id', level: 2 }]);
  });

  it('keeps admonitions in a CommonMark page', () => {
    const [note] = findAll(page('/plain').tree, (element) => element.t === 'Admonition');
    expect(note!.p).toEqual({ type: 'note', title: 'Noted' });
  });
});

describe('partials', () => {
  it('never makes a route of a file whose name starts with _', () => {
    expect(site.pages.map((p) => p.route).sort()).toEqual(['/', '/fences', '/guides/setup', '/plain']);
  });

  for (const route of ['/', '/guides/setup']) {
    it(`renders the partial's admonition, link and code block inside ${route}`, () => {
      const tree = page(route).tree;
      const [tip] = findAll(tree, (element) => element.t === 'Admonition');
      expect(tip!.p).toEqual({ type: 'tip', title: 'Shared tip' });
      // The link is relative to the partial, wherever the page that imports it lives.
      expect(byTag(tip!.c!, 'a')[0]!.p?.href).toBe('/fences');
      const [code] = byTag(tree, 'pre');
      expect(code!.p).toMatchObject({ 'data-title': 'shared.js', 'data-language': 'js' });
      expect(text(code!)).toBe('export const shared = true;');
      expect(text(tree)).not.toMatch(/frontmatter is ignored/);
    });
  }
});

describe('code fences', () => {
  let blocks: TreeElement[];
  beforeAll(() => {
    blocks = byTag(page('/fences').tree, 'pre');
  });

  it('highlights the lines a `{1,3-4}` range names, next to a title', () => {
    expect(blocks[0]!.p).toMatchObject({ 'data-title': 'ranges.js' });
    expect(highlighted(blocks[0]!)).toEqual([1, 3, 4]);
    expect(lines(blocks[0]!)).toHaveLength(5);
  });

  it('numbers lines with a CSS counter from 1, or from the number given, leaving the code text alone', () => {
    expect(String(blocks[1]!.p!.className)).toMatch(/\bcode-line-numbers\b/);
    expect(blocks[1]!.p!.style).toMatchObject({ counterReset: 'line 0' });
    expect(text(blocks[1]!)).toBe('first();\nsecond();');
    expect(blocks[2]!.p!.style).toMatchObject({ counterReset: 'line 4' });
    expect(String(blocks[0]!.p!.className)).not.toMatch(/code-line-numbers/);
  });

  it('highlights lines marked with magic comments and removes the comments', () => {
    expect(highlighted(blocks[3]!)).toEqual([2, 5, 6]);
    expect(text(blocks[3]!)).not.toMatch(/highlight-/);
    expect(text(lines(blocks[3]!)[1]!)).toBe('  const [count, setCount] = useState(0);');
    expect(highlighted(blocks[4]!)).toEqual([1]);
    expect(text(blocks[4]!)).toBe('echo shell\necho plain');
  });

  it('turns an npm2yarn fence into npm, Yarn and pnpm tabs with converted commands', () => {
    const [tabs] = findAll(page('/fences').tree, (element) => element.t === 'Tabs');
    const items = byTag(tabs!.c!, 'TabItem');
    expect(items.map((item) => item.p)).toEqual([
      { value: 'npm', label: 'npm' },
      { value: 'yarn', label: 'Yarn' },
      { value: 'pnpm', label: 'pnpm' },
    ]);
    expect(items.map(text)).toEqual([
      'npm install --save-dev @docusaurus/core\nnpm run build -- --watch',
      'yarn add --dev @docusaurus/core\nyarn build --watch',
      'pnpm add --save-dev @docusaurus/core\npnpm run build --watch',
    ]);
    expect(byTag(items[1]!.c!, 'pre')[0]!.p).toMatchObject({ 'data-language': 'bash' });
  });
});

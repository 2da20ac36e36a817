// The page stylesheet in groups: the build decides from a page's tree which groups it needs, and
// the worker inlines those, in the stylesheet's order, naming the others for the browser to link.

import { describe, expect, it } from 'vitest';
import type { StyleGroup } from '../../../../../client/contract/assets.ts';
import type { StyledManifest } from '../../../../../client/contract/storage.ts';
import type { PageData, TreeNode } from '../../../../../client/contract/page.ts';
import { styleGroupsOfPage, styleGroupSources } from '../../../../../scripts/compiler/assets/stylesheet-groups.ts';
import { documentStyles } from '../../../../../worker/render/document-styles.ts';

const groupsOf = (tree: TreeNode[], extra: Partial<PageData> = {}) => styleGroupsOfPage({ tree, ...extra });

describe('the style groups a page needs', () => {
  it('gives a page of plain Markdown the doc layout only', () => {
    expect(
      groupsOf([
        { t: 'h2', p: { id: 'a' }, c: ['A'] },
        { t: 'p', c: ['Text ', { t: 'code', c: ['x'] }] },
      ]),
    ).toEqual(['doc']);
  });

  it('adds the groups of the code, admonitions, diagrams and tabs a page contains, in cascade order', () => {
    const tree: TreeNode[] = [
      { t: 'figure', p: { className: 'diagram' }, c: [{ t: 'svg', c: [{ t: 'rect', p: { className: 'dg-node' } }] }] },
      { t: 'Tabs', c: [{ t: 'TabItem', c: [{ t: 'pre', p: { className: 'shiki' }, c: ['x'] }] }] },
      { t: 'Admonition', p: { type: 'tip' }, c: ['Careful'] },
    ];
    expect(groupsOf(tree)).toEqual(['doc', 'admonitions', 'tabs', 'code', 'diagrams']);
  });

  it('finds a code block given as a prop, as in <Details summary={…}>', () => {
    const summary = { $content: [{ t: 'pre', c: ['x'] }] };
    expect(groupsOf([{ t: 'Details', p: { summary } }])).toEqual(['doc', 'details', 'code']);
  });

  it('reads the landing page from the class the page gives itself in frontmatter', () => {
    expect(groupsOf([{ t: 'p', c: ['Hi'] }], { className: 'landing-page' })).toEqual(['doc', 'landing']);
  });

  it('gives a page with site components every page group: they may render any registered component', () => {
    const pageGroups = styleGroupSources
      .filter((group) => group.scope === 'page' && !group.layouts)
      .map((group) => group.name);
    expect(groupsOf([{ t: 'p', c: ['Hi'] }], { islands: ['@site/src/components/Chart'] })).toEqual(pageGroups);
  });

  it('gives the custom pages of src/pages their group by their layout, and doc pages never', () => {
    expect(groupsOf([{ t: 'p', c: ['Hi'] }], { layout: 'page' })).toEqual(['doc', 'custom-page']);
    expect(groupsOf([{ t: 'p', c: ['Hi'] }], { layout: 'component', islands: ['src/pages/index.js'] })).toContain(
      'custom-page',
    );
    expect(groupsOf([{ t: 'p', c: ['Hi'] }], { layout: 'docs' })).toEqual(['doc']);
  });
});

describe('the style groups a document inlines', () => {
  const group = (name: string, scope: StyleGroup['scope']): StyleGroup => ({
    name,
    scope,
    css: `.${name}{}`,
    href: `/assets/${name}-HASH.css`,
  });
  const assets: StyledManifest['assets'] = {
    script: '/assets/main.js',
    modulePreloads: [],
    styles: [],
    styleGroups: [
      group('chrome', 'every'),
      group('web-font', 'web-font'),
      group('doc', 'page'),
      group('code', 'page'),
      group('footer', 'every'),
      group('search', 'search'),
      group('progress', 'navigation'),
      group('status', 'status'),
      group('drawer', 'drawer'),
    ],
  };
  const page = { styles: ['doc'] } as PageData;
  const plain = { search: false, status: false, webFont: false };

  it('inlines what every page has and what the page lists, and names the rest with their files, in order', () => {
    const styles = documentStyles(assets, page, plain);
    expect(styles.inline.map((each) => each.name)).toEqual(['chrome', 'doc', 'footer']);
    expect(Object.entries(styles.files)).toEqual([
      ['chrome', ''],
      ['web-font', '/assets/web-font-HASH.css'],
      ['doc', ''],
      ['code', '/assets/code-HASH.css'],
      ['footer', ''],
      ['search', '/assets/search-HASH.css'],
      ['progress', '/assets/progress-HASH.css'],
      ['status', '/assets/status-HASH.css'],
      ['drawer', '/assets/drawer-HASH.css'],
    ]);
  });

  it('inlines the search page’s group on /search, and no doc layout there', () => {
    expect(documentStyles(assets, null, { ...plain, search: true }).inline.map((each) => each.name)).toEqual([
      'chrome',
      'footer',
      'search',
    ]);
  });

  it('inlines the web font’s faces only in a document served in the web font: a first visit never needs them', () => {
    const inWebFont = documentStyles(assets, page, { ...plain, webFont: true });
    expect(inWebFont.inline.map((each) => each.name)).toEqual(['chrome', 'web-font', 'doc', 'footer']);
    expect(inWebFont.files['web-font']).toBe('');
  });

  it('inlines the status pages’ group in a 404, 500 or 503 page, which must be styled without JavaScript', () => {
    const notFound = documentStyles(assets, null, { ...plain, status: true });
    expect(notFound.inline.map((each) => each.name)).toEqual(['chrome', 'footer', 'status']);
    expect(notFound.files.drawer).toBe('/assets/drawer-HASH.css');
    expect(documentStyles(assets, page, plain).files.status).toBe('/assets/status-HASH.css');
  });

  it('inlines every page group for a page stored without its list', () => {
    const inline = documentStyles(assets, {} as PageData, plain).inline.map((each) => each.name);
    expect(inline).toEqual(['chrome', 'doc', 'code', 'footer']);
  });
});

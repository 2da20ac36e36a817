// What a page carries and how the browser finds its way without the site's route list: a large
// sidebar pruned to the open path, category page names, which links are pages.

import { describe, expect, it } from 'vitest';
import type { SidebarItem } from '../../../../client/contract/sidebar.ts';
import { category, doc } from '../../support/sidebar-items.ts';
import { isPagePath } from '../../../../client/router.ts';
import { kebabCase } from '../../../../scripts/compiler/navigation/sidebars.ts';
import {
  pruneSidebar,
  sidebarAsRendered,
  sidebarOpenLinks,
  sidebarWindowSize,
} from '../../../../client/contract/sidebar.ts';

const sidebar: SidebarItem[] = [
  doc('/intro'),
  category('A', [doc('/a/1'), category('A deep', [doc('/a/deep/1')], '/category/a-deep')], '/category/a'),
  category('B', [doc('/b/1'), doc('/b/2')], '/category/b'),
  category('No page', [doc('/c/1'), category('C inner', [doc('/c/inner/1')], '/category/c-inner')]),
];

describe('pruneSidebar', () => {
  it('keeps the top level and opens the path to the page, down to the page itself', () => {
    const pruned = pruneSidebar(sidebar, '/a/deep/1');
    expect(pruned.map((item) => item.label)).toEqual(['/intro', 'A', 'B', 'No page']);
    const a = pruned[1] as Extract<SidebarItem, { type: 'category' }>;
    expect(a.items.map((item) => item.label)).toEqual(['/a/1', 'A deep']);
    expect((a.items[1] as Extract<SidebarItem, { type: 'category' }>).items).toEqual([doc('/a/deep/1')]);
  });

  it('leaves out the items of closed categories that have a page of their own, and marks them', () => {
    const b = pruneSidebar(sidebar, '/a/deep/1')[2];
    expect(b).toEqual({ ...sidebar[2], items: [], pruned: true });
  });

  it('keeps the items of a category without a page, so every page stays one link away', () => {
    const noPage = pruneSidebar(sidebar, '/intro')[3] as Extract<SidebarItem, { type: 'category' }>;
    expect(noPage.items.map((item) => item.label)).toEqual(['/c/1', 'C inner']);
    expect(noPage.items[1]).toMatchObject({ items: [], pruned: true });
  });

  it('keeps categories that are open by default open, with their items', () => {
    const open = [{ ...(sidebar[2] as Extract<SidebarItem, { type: 'category' }>), collapsed: false }];
    expect(pruneSidebar(open, '/intro')).toEqual(open);
  });
});

describe('pruneSidebar, with listing pages (a large sidebar of any shape)', () => {
  const many = (prefix: string, count: number) => Array.from({ length: count }, (_, i) => doc(`${prefix}/${i + 1}`));

  it('leaves out the items of a closed category without a page when it has a listing, and says how many', () => {
    const listed = { ...(sidebar[3] as Extract<SidebarItem, { type: 'category' }>), listing: '/_listing/docs/no-page' };
    const [pruned] = pruneSidebar([listed], '/intro');
    expect(pruned).toMatchObject({ items: [], pruned: true, window: { before: 0, after: 2, listing: listed.listing } });
  });

  it('shows a window of a long list around the page, and how many entries it left out on each side', () => {
    const long = { ...category('Flat', many('/flat', 500)), listing: '/_listing/docs/flat' };
    const [shown] = pruneSidebar([long], '/flat/250') as Extract<SidebarItem, { type: 'category' }>[];
    expect(shown!.items).toHaveLength(sidebarWindowSize);
    expect(shown!.items.map((item) => item.href)).toContain('/flat/250');
    expect(shown!.window!.before + sidebarWindowSize + shown!.window!.after).toBe(500);
    expect(shown!.window!.before).toBeGreaterThan(200);
  });

  it('windows a long top level too, from the listing the sidebar names', () => {
    const view = sidebarAsRendered({ id: 'docs', prunedFor: '/top/3', listing: '/_listing/docs' }, many('/top', 300));
    expect(view.items.map((item) => item.href).slice(0, 3)).toEqual(['/top/1', '/top/2', '/top/3']);
    expect(view.window).toEqual({ before: 0, after: 300 - sidebarWindowSize, listing: '/_listing/docs' });
  });

  it('leaves closed the categories a site leaves open once they would show more than sidebarOpenLinks links', () => {
    const open = Array.from({ length: 10 }, (_, i) => ({
      ...category(`Open ${i}`, many(`/open${i}`, 30)),
      collapsed: false,
      listing: `/_listing/docs/open-${i}`,
    }));
    const pruned = pruneSidebar(open, '/open9/1') as Extract<SidebarItem, { type: 'category' }>[];
    const shown = pruned.filter((item) => !item.pruned).map((item) => item.label);
    expect(shown).toEqual(['Open 0', 'Open 1', 'Open 2', 'Open 9']);
    expect(pruned.filter((item) => !item.pruned && item.label !== 'Open 9').length * 30).toBeLessThanOrEqual(
      sidebarOpenLinks,
    );
  });

  it('keeps a long list whole when no listing holds it (a sidebar rendered whole)', () => {
    const long = category('Flat', many('/flat', 100));
    expect(pruneSidebar([long], '/flat/1')[0]).toEqual(long);
  });
});

describe('kebabCase, for generated category pages', () => {
  it.each([
    ['Getting Started', 'getting-started'],
    ['APIReference', 'api-reference'],
    ['📚 Technical Docs', 'technical-docs'],
    ['Node.js 20 setup', 'node-js-20-setup'],
  ])('names %s %s', (label, slug) => {
    expect(kebabCase(label)).toBe(slug);
  });
});

describe('isPagePath', () => {
  it.each(['/', '/intro', '/guides/setup', '/old/page.html', '/v1.2/intro'])('treats %s as a page', (path) => {
    expect(isPagePath(path)).toBe(true);
  });

  it.each(['/llms.txt', '/intro.md', '/img/logo.png', '/assets/main-AB12.js', '/__data/x/y.json', '/search'])(
    'leaves %s to the browser',
    (path) => {
      expect(isPagePath(path)).toBe(false);
    },
  );
});

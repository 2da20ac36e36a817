// The JSON-LD a page carries, from its page data.

import { describe, expect, it } from 'vitest';
import type { PageData } from '../../../../client/contract/page.ts';
import { structuredData } from '../../../../worker/render/structured-data.ts';

const site = { title: 'Docs', tagline: 'About things', url: 'https://docs.example.test' };

function page(overrides: Partial<PageData>): PageData {
  return {
    route: '/guides/setup',
    title: 'Setup',
    description: '',
    keywords: [],
    hideTitle: false,
    hideTableOfContents: false,
    tree: [],
    toc: [],
    breadcrumbs: [],
    source: 'docs/guides/setup.md',
    ...overrides,
  };
}

describe('structuredData', () => {
  it('falls back to the site tagline and leaves out an unknown date', () => {
    const [article] = structuredData({ site, page: page({}), canonical: 'https://docs.example.test/guides/setup' });
    expect(article).toMatchObject({ '@type': 'TechArticle', description: 'About things' });
    expect(article).not.toHaveProperty('dateModified');
  });

  it('links the crumbs that have a page, and the last crumb to the page itself', () => {
    const blocks = structuredData({
      site,
      page: page({
        breadcrumbs: [{ label: 'Guides' }, { label: 'Basics', href: '/guides/basics' }, { label: 'Setup' }],
      }),
      canonical: 'https://docs.example.test/guides/setup',
    });
    expect(blocks.map((block) => block['@type'])).toEqual(['TechArticle', 'BreadcrumbList']);
    expect(blocks[1]!.itemListElement).toEqual([
      { '@type': 'ListItem', position: 1, name: 'Guides' },
      { '@type': 'ListItem', position: 2, name: 'Basics', item: 'https://docs.example.test/guides/basics' },
      { '@type': 'ListItem', position: 3, name: 'Setup', item: 'https://docs.example.test/guides/setup' },
    ]);
  });
});

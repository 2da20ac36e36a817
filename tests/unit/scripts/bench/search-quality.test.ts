// The search-quality bench's arithmetic and inputs: how a query's rank, hit@k and MRR are counted,
// how records become the heading sections the peers index, and that every query set is well formed.

import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { SearchRecord } from '../../../../client/contract/search-protocol.ts';
import { rankOf, scores, type BenchQuery } from '../../../../scripts/bench/search-quality/metrics.ts';
import { querySet } from '../../../../scripts/bench/search-quality/run.ts';
import { sectionsOf } from '../../../../scripts/bench/search-quality/site.ts';

const query = (routes: string[]): BenchQuery => ({ q: 'q', routes, kind: 'phrase' });

describe('counting', () => {
  it('ranks a query at the first page it names, and not at all past rank 10', () => {
    expect(rankOf(query(['/b', '/c']), ['/a', '/c', '/b'])).toBe(2);
    expect(rankOf(query(['/k']), ['/a', '/b', '/c', '/d', '/e', '/f', '/g', '/h', '/i', '/j', '/k'])).toBe(0);
  });

  it('gives hit@1, hit@3, MRR and the blank answers of a set of results', () => {
    const results = [
      { query: query(['/a']), pages: ['/a'], rank: 1 },
      { query: query(['/a']), pages: ['/b', '/c', '/a'], rank: 3 },
      { query: query(['/a']), pages: [], rank: 0 },
      { query: query(['/a']), pages: ['/b', '/a'], rank: 2 },
    ];
    expect(scores(results)).toEqual({ queries: 4, hit1: 0.25, hit3: 0.75, mrr: (1 + 1 / 3 + 0 + 1 / 2) / 4, blank: 1 });
  });
});

describe('heading sections', () => {
  const record = (type: SearchRecord['type'], anchor: string | null, lvl2: string | null, content: string | null) =>
    ({
      url: `https://x.test/docs/page${anchor ? `#${anchor}` : ''}`,
      url_without_anchor: 'https://x.test/docs/page',
      anchor,
      type,
      hierarchy: { lvl0: 'Docs', lvl1: 'Page', lvl2, lvl3: null, lvl4: null, lvl5: null, lvl6: null },
      content,
    }) as SearchRecord;

  it('splits a page at its headings, each section with its heading, the headings above and its text', () => {
    const sections = sectionsOf([
      record('lvl1', null, null, null),
      record('content', null, null, 'Intro text.'),
      record('lvl2', 'setup', 'Setup', null),
      record('content', 'setup', 'Setup', 'Install it.'),
      record('content', 'setup', 'Setup', 'Then run it.'),
    ]);
    expect(sections).toEqual([
      { route: '/docs/page', anchor: '', title: 'Page', titles: [], text: 'Intro text.', level: 1 },
      {
        route: '/docs/page',
        anchor: 'setup',
        title: 'Setup',
        titles: ['Page'],
        text: 'Install it. Then run it.',
        level: 2,
      },
    ]);
  });
});

describe('query sets', () => {
  it('name, for every query, the routes of the pages that answer it and what kind of query it is', async () => {
    const folder = join(import.meta.dirname, '../../../../scripts/bench/search-quality/queries');
    for (const file of await readdir(folder)) {
      const queries = await querySet(file.replace(/\.json$/, ''));
      expect(queries.length, file).toBeGreaterThanOrEqual(30);
      for (const entry of queries) {
        expect(entry.q.trim(), file).not.toBe('');
        expect(entry.routes.length, `${file}: ${entry.q}`).toBeGreaterThan(0);
        for (const route of entry.routes) expect(route, `${file}: ${entry.q}`).toMatch(/^\/[^#?]*$/);
        expect(['api', 'phrase', 'question', 'typo', 'product'], `${file}: ${entry.q}`).toContain(entry.kind);
      }
    }
  });
});

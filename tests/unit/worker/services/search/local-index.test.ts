// The embedded index the worker answers from without Algolia: which records a query finds and
// in which order, with Algolia's typo and prefix rules.

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kvKeys } from '../../../../../client/contract/storage.ts';
import type { RecordType, SearchRecord } from '../../../../../client/contract/search-protocol.ts';
import { buildSite } from '../../../support/sites.ts';
import { StoreUnavailable } from '../../../../../worker/services/kv-reads.ts';
import { applyFacetFilters } from '../../../../../worker/services/search/format.ts';
import { localIndex } from '../../../../../worker/services/search/local-index.ts';
import { forgetSearchPieces } from '../../../../../worker/services/search/pieces.ts';
import { parseSearchBody } from '../../../../../worker/services/search/protocol.ts';
import { builtIndex, piecesInKv, type TestIndex } from '../../../support/search-index.ts';

interface RecordSpec {
  page: string;
  type: RecordType;
  title?: string;
  lvl2?: string;
  lvl3?: string;
  content?: string;
  position?: number;
  language?: string;
  tag?: string;
}

/** A record as the build would write it, from the few fields a test cares about. */
function record(spec: RecordSpec): SearchRecord {
  const url = `https://docs.example.test/${spec.page}`;
  return {
    objectID: `${spec.page}-${spec.type}-${spec.position ?? 0}-${spec.content ?? spec.lvl3 ?? spec.lvl2 ?? ''}`,
    url,
    url_without_anchor: url,
    anchor: null,
    type: spec.type,
    hierarchy: {
      lvl0: 'Documentation',
      lvl1: spec.title ?? spec.page,
      lvl2: spec.lvl2 ?? null,
      lvl3: spec.lvl3 ?? null,
      lvl4: null,
      lvl5: null,
      lvl6: null,
    },
    content: spec.content ?? null,
    language: (spec.language ?? 'en') as 'en',
    docusaurus_tag: spec.tag ?? 'docs-default-current',
    weight: { level: 0, position: spec.position ?? 0, pageRank: 0 },
  };
}

/** The index exactly as the worker loads it: built into pieces, read back from KV. */
const indexOf = (records: SearchRecord[]): TestIndex => builtIndex(records);

const urls = (found: SearchRecord[]) => found.map((entry) => entry.objectID);

describe('ranking', () => {
  it('ranks a title match above a lvl2 heading, a lvl3 heading and body text', async () => {
    const records = [
      record({ page: 'body', type: 'content', title: 'Body page', content: 'How to deploy the site.' }),
      record({ page: 'lvl3', type: 'lvl3', title: 'Third page', lvl2: 'Publishing', lvl3: 'Deploy' }),
      record({ page: 'lvl2', type: 'lvl2', title: 'Second page', lvl2: 'Deploy' }),
      record({ page: 'title', type: 'lvl1', title: 'Deploy' }),
    ];
    expect((await indexOf(records).search('deploy')).map((found) => found.url)).toEqual([
      'https://docs.example.test/title',
      'https://docs.example.test/lvl2',
      'https://docs.example.test/lvl3',
      'https://docs.example.test/body',
    ]);
  });

  it('ranks equal matches in the order they appear on the page', async () => {
    const records = [
      record({ page: 'guide', type: 'content', title: 'Guide', content: 'Configure the token.', position: 7 }),
      record({ page: 'guide', type: 'content', title: 'Guide', content: 'Configure the token.', position: 2 }),
      record({ page: 'guide', type: 'content', title: 'Guide', content: 'Configure the token.', position: 4 }),
    ];
    expect((await indexOf(records).search('token')).map((found) => found.weight.position)).toEqual([2, 4, 7]);
  });

  it('puts an exact match before a match that needs a typo, even a title', async () => {
    const records = [
      record({ page: 'typo', type: 'lvl1', title: 'Instell notes' }),
      record({ page: 'exact', type: 'content', title: 'Other', content: 'How to install the node.' }),
    ];
    const found = await indexOf(records).search('install');
    expect(found.map((entry) => entry.url)).toEqual([
      'https://docs.example.test/exact',
      'https://docs.example.test/typo',
    ]);
  });

  it('answers with the records holding some of the words only when at most one holds them all', async () => {
    const records = [
      record({ page: 'one', type: 'lvl1', title: 'Rotate the logs' }),
      record({ page: 'both', type: 'content', content: 'Rotate the signing key.' }),
      record({ page: 'also', type: 'content', content: 'Rotate a key each year.' }),
    ];
    const index = indexOf(records);
    // As Algolia's removeWordsIfNoResults: full matches alone when there are some…
    expect((await index.search('rotate key')).map((found) => found.url)).toEqual([
      'https://docs.example.test/both',
      'https://docs.example.test/also',
    ]);
    expect((await index.engine.search('rotate key')).fullCount).toBe(2);
    // …the records holding most of the query after a lone full match…
    const lone = (await index.search('rotate signing key')).map((found) => new URL(found.url).pathname);
    expect(lone[0]).toBe('/both');
    expect(lone.slice(1).sort()).toEqual(['/also', '/one']);
    expect((await index.engine.search('rotate signing key')).fullCount).toBe(1);
    // …and a best-effort answer, never a blank, when there are none.
    expect((await index.search('rotate logs key')).map((found) => found.url)).toEqual([
      'https://docs.example.test/one',
      'https://docs.example.test/both',
      'https://docs.example.test/also',
    ]);
    expect((await index.engine.search('rotate logs key')).fullCount).toBe(0);
  });

  it('answers a query no record answers in full with the records holding most of it, rarest words first', async () => {
    const records = [
      record({ page: 'common', type: 'content', content: 'How do I test a page?' }),
      record({ page: 'common-too', type: 'content', content: 'How do I read a test?' }),
      record({ page: 'promise', type: 'content', content: 'Return the promise from the test.' }),
      record({ page: 'none', type: 'content', content: 'Nothing here.' }),
    ];
    const index = indexOf(records);
    const found = (await index.search('how do i test a promise')).map((entry) => new URL(entry.url).pathname);
    expect(found[0]).toBe('/promise');
    expect(found).not.toContain('/none');
    expect((await index.engine.search('how do i test a promise')).fullCount).toBe(0);
  });

  it('puts a best-effort record holding the rare words before one whose title holds the common ones', async () => {
    // The product's name is in most titles; the option a reader asks for is in one table row.
    const records = ['setup', 'testing', 'mocking', 'artifacts'].flatMap((page) => [
      record({ page, type: 'lvl1', title: `Build with Detox: ${page}` }),
      record({
        page,
        type: 'content',
        title: `Build with Detox: ${page}`,
        content: 'Detox builds the app.',
        position: 1,
      }),
    ]);
    records.push(
      record({ page: 'cli', type: 'lvl2', title: 'Command Line Tools', lvl2: 'build' }),
      record({ page: 'cli', type: 'content', title: 'Command Line Tools', lvl2: 'build', content: '-i, --if-missing' }),
    );
    const index = indexOf(records);
    expect((await index.engine.search('detox build --if-missing')).fullCount).toBe(0);
    const found = await index.search('detox build --if-missing');
    expect(new URL(found[0]!.url).pathname).toBe('/cli');
  });

  it('finds words across the title and the body of a record', async () => {
    const records = [record({ page: 'mixed', type: 'content', title: 'Passport', content: 'Scan the chip.' })];
    expect(await indexOf(records).search('passport chip')).toHaveLength(1);
  });

  it('finds nothing for a query with no words in it', async () => {
    const index = indexOf([record({ page: 'a', type: 'lvl1', title: 'Anything' })]);
    expect(await index.search('')).toEqual([]);
    expect(await index.search('  ?! ')).toEqual([]);
  });
});

describe('typo tolerance', () => {
  const index = () =>
    indexOf([
      record({ page: 'node', type: 'content', content: 'Install node first.' }),
      record({ page: 'config', type: 'content', content: 'The configuration file.' }),
      record({ page: 'serving', type: 'content', content: 'Serving pages quickly.' }),
      record({ page: 'cat', type: 'content', content: 'A cat sat.' }),
    ]);
  const pagesFound = async (query: string) => (await index().search(query)).map((found) => new URL(found.url).pathname);

  it('forgives one typo in a word of four letters', async () => {
    expect(await pagesFound('nide')).toEqual(['/node']);
  });

  it('forgives no typo in a word of three letters', async () => {
    expect(await pagesFound('cat')).toEqual(['/cat']);
    expect(await pagesFound('cet')).toEqual([]);
  });

  it('forgives one typo but not two in a word of seven letters', async () => {
    expect(await pagesFound('sarving')).toEqual(['/serving']);
    expect(await pagesFound('sarvinf')).toEqual([]);
  });

  it('forgives two typos in a word of eight letters or more', async () => {
    expect(await pagesFound('confguraton')).toEqual(['/config']);
    expect(await pagesFound('cnfguraton')).toEqual([]);
  });
});

describe('prefix matching', () => {
  const index = () => indexOf([record({ page: 'guide', type: 'content', content: 'The configuration guide.' })]);

  it('completes the last word of the query as it is being typed', async () => {
    expect(await index().search('config')).toHaveLength(1);
    expect(await index().search('guide config')).toHaveLength(1);
  });

  it('does not complete a word before the last one', async () => {
    // Found for `guide` alone, a best-effort answer: `config` is not taken for `configuration`.
    expect((await index().engine.search('config guide')).fullCount).toBe(0);
    expect((await index().engine.search('configuration guide')).fullCount).toBe(1);
  });
});

describe('query length', () => {
  it('searches only the first 64 characters of a query, so a long tail cannot hide a match', async () => {
    const index = indexOf([record({ page: 'setup', type: 'lvl1', title: 'Requirements' })]);
    const long = `requirements ${' '.repeat(60)}zzzzzzzz`;
    const [query] = parseSearchBody(JSON.stringify({ requests: [{ query: long }] }));
    expect(query!.query).toHaveLength(64);
    expect((await index.engine.search(query!.query)).fullCount).toBe(1);
    expect((await index.engine.search(long)).fullCount).toBe(0);
  });
});

describe('facet filters', () => {
  const records = [
    record({ page: 'current', type: 'lvl1', tag: 'docs-default-current' }),
    record({ page: 'old', type: 'lvl1', tag: 'docs-default-1.0' }),
    record({ page: 'french', type: 'lvl1', tag: 'docs-default-current', language: 'fr' }),
  ];
  const pages = (filters: string[][]) =>
    applyFacetFilters(records, filters).map((found) => new URL(found.url).pathname);

  it('keeps every record when there are no filters', async () => {
    expect(pages([])).toEqual(['/current', '/old', '/french']);
  });

  it('keeps records that match every group (AND) and any filter of a group (OR)', async () => {
    expect(pages([['language:en'], ['docusaurus_tag:default', 'docusaurus_tag:docs-default-current']])).toEqual([
      '/current',
    ]);
    expect(pages([['docusaurus_tag:docs-default-1.0', 'docusaurus_tag:docs-default-current']])).toEqual([
      '/current',
      '/old',
      '/french',
    ]);
    expect(pages([['language:de']])).toEqual([]);
  });

  it('drops records that match a negated filter', async () => {
    expect(pages([['-docusaurus_tag:docs-default-1.0']])).toEqual(['/current', '/french']);
    expect(pages([['-language:fr'], ['docusaurus_tag:docs-default-current']])).toEqual(['/current']);
  });
});

describe('the index built from the fixture site', () => {
  let outDir: string;
  let index: TestIndex;

  beforeAll(async () => {
    outDir = await mkdtemp(join(tmpdir(), 'self-docs-unit-search-index-'));
    const result = await buildSite('tests/fixtures/site', outDir);
    index = indexOf(result.records);
  });

  afterAll(() => rm(outDir, { recursive: true, force: true }));

  it('answers “setup” with the Setup guide’s title, then its sections, then a page that only mentions it', async () => {
    const found = await index.search('setup');
    expect(found.map((entry) => [entry.type, entry.url])).toEqual([
      ['lvl1', 'https://docs.example.test/guides/setup'],
      ['lvl2', 'https://docs.example.test/guides/setup#requirements'],
      ['content', 'https://docs.example.test/guides/setup'],
      ['content', 'https://docs.example.test/guides/setup#requirements'],
      ['content', 'https://docs.example.test/intro'],
    ]);
    expect(urls(found)).toHaveLength(new Set(urls(found)).size);
  });

  it('finds a heading by a word typed halfway', async () => {
    expect((await index.search('requir'))[0]).toMatchObject({
      type: 'lvl2',
      url: 'https://docs.example.test/guides/setup#requirements',
    });
  });

  it('finds admonition text', async () => {
    expect((await index.search('admonitions')).map((entry) => entry.content)).toEqual(['Tips render as admonitions.']);
  });

  it('suggests page titles close to a query that found nothing', async () => {
    expect(await index.search('zebra quagga')).toEqual([]);
    expect(await index.suggest('introductoin zebra', 3)).toEqual(expect.arrayContaining(['Introduction']));
  });
});

describe('loading the index from KV', () => {
  /** A KV binding that holds `entries`; `failing` makes every read throw, as in an outage. */
  const kv = (entries: Map<string, string>, failing = false) =>
    ({
      get: async (key: string) => {
        if (failing) throw new Error('KV GET failed: 500 Internal Server Error (simulated outage)');
        return entries.get(key) ?? null;
      },
    }) as unknown as KVNamespace;
  const stored = piecesInKv([record({ page: 'deploy', type: 'lvl1', title: 'Deploy' })]);
  const directoryKey = kvKeys.searchPiece(stored.ref.directory);

  beforeAll(() => forgetSearchPieces());

  it('loads a build’s index through the content store', async () => {
    const index = await localIndex({ CONTENT: kv(stored.entries) }, stored.ref);
    const found = await index.records((await index.search('deploy')).slice(0, 10));
    expect(found.map((entry) => entry.url)).toEqual(['https://docs.example.test/deploy']);
  });

  it.each<[string, KVNamespace]>([
    ['KV fails', kv(new Map(), true)],
    ['the build has no index', kv(new Map())],
    ['the stored index is not JSON', kv(new Map([[directoryKey, '{"version": 3, "ter']]))],
  ])('fails with StoreUnavailable, naming the key, when %s', async (_, store) => {
    forgetSearchPieces();
    const failure = await localIndex({ CONTENT: store }, stored.ref).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(StoreUnavailable);
    expect((failure as Error).message).toContain(directoryKey);
  });

  it('tries KV again on the next search after a failed read', async () => {
    forgetSearchPieces();
    await expect(localIndex({ CONTENT: kv(new Map(), true) }, stored.ref)).rejects.toBeInstanceOf(StoreUnavailable);
    const index = await localIndex({ CONTENT: kv(stored.entries) }, stored.ref);
    expect((await index.search('deploy')).count).toBe(1);
  });
});

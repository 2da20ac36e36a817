// The DocSearch records the build writes for every section of every page: what a search hit
// links to, the trail it shows (lvl0 › lvl1 › …), and which text can be found.

import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kvKeys } from '../../../../../../client/contract/storage.ts';
import type { SearchRecord } from '../../../../../../client/contract/search-protocol.ts';
import { buildSite, page, writeSite, type BuiltSite } from '../../../../support/sites.ts';

let outRoot: string;
let fixture: BuiltSite;

beforeAll(async () => {
  outRoot = await mkdtemp(join(tmpdir(), 'self-docs-unit-search-records-'));
  fixture = await buildSite('tests/fixtures/site', join(outRoot, 'first'));
});

afterAll(() => rm(outRoot, { recursive: true, force: true }));

const recordsOf = (result: BuiltSite, route: string) =>
  result.records.filter((record) => new URL(record.url).pathname === route);
const contents = (records: SearchRecord[]) =>
  records.filter((record) => record.type === 'content').map((record) => record.content);

describe('search records of the fixture site', () => {
  it('leaves unlisted pages out of the DocSearch records and the embedded index', async () => {
    expect(fixture.pages.find((p) => p.route === '/guides/preview')).toBeDefined();
    expect(recordsOf(fixture, '/guides/preview')).toEqual([]);
    const written = await readFile(join(outRoot, 'first', 'search', 'records.json'), 'utf8');
    expect(written).not.toContain('/guides/preview');
    const index = fixture.entries.filter((entry) => entry.key.startsWith(kvKeys.searchPiece('')));
    expect(index.length).toBeGreaterThan(0);
    for (const piece of index) expect(piece.value).not.toMatch(/guides\/preview|zanzibar/i);
  });

  it('gives every record the same objectID when the same content is built again', async () => {
    const again = await buildSite('tests/fixtures/site', join(outRoot, 'second'));
    expect(again.records.map((record) => record.objectID)).toEqual(fixture.records.map((record) => record.objectID));
    expect(new Set(fixture.records.map((record) => record.objectID)).size).toBe(fixture.records.length);
  });

  it('starts every page with a lvl1 record for its title that links to the page itself', () => {
    const setup = recordsOf(fixture, '/guides/setup');
    expect(setup[0]).toMatchObject({
      type: 'lvl1',
      url: 'https://docs.example.test/guides/setup',
      url_without_anchor: 'https://docs.example.test/guides/setup',
      anchor: null,
      content: null,
    });
    expect(setup[0]!.hierarchy).toEqual({
      lvl0: 'Guides',
      lvl1: 'Setup guide',
      lvl2: null,
      lvl3: null,
      lvl4: null,
      lvl5: null,
      lvl6: null,
    });
  });

  it('links a heading’s records to the heading’s anchor on the site url', () => {
    const requirements = recordsOf(fixture, '/guides/setup').filter(
      (record) => record.hierarchy.lvl2 === 'Requirements',
    );
    expect(requirements.map((record) => [record.type, record.url, record.anchor])).toEqual([
      ['lvl2', 'https://docs.example.test/guides/setup#requirements', 'requirements'],
      ['content', 'https://docs.example.test/guides/setup#requirements', 'requirements'],
    ]);
    expect(requirements[1]!.content).toBe('You need Node.');
  });

  it('uses a heading’s custom id as its anchor and keeps the headings above it in the hierarchy', () => {
    const install = recordsOf(fixture, '/intro').find((record) => record.type === 'lvl3')!;
    expect(install.url).toBe('https://docs.example.test/intro#install-step');
    expect(install.hierarchy).toMatchObject({
      lvl0: 'Documentation',
      lvl1: 'Introduction',
      lvl2: 'Getting started',
      lvl3: 'Install',
      lvl4: null,
    });
  });

  it('forgets a deeper heading when the next section starts at a higher level', () => {
    const tables = recordsOf(fixture, '/intro').find(
      (record) => record.type === 'lvl2' && record.hierarchy.lvl2 === 'Tables and details',
    )!;
    expect(tables.hierarchy.lvl3).toBeNull();
  });

  it('names the top-level sidebar category as lvl0, and “Documentation” for pages outside any category', () => {
    const lvl0 = (route: string) => recordsOf(fixture, route)[0]!.hierarchy.lvl0;
    expect(lvl0('/guides/setup')).toBe('Guides');
    expect(lvl0('/guides/advanced-topics')).toBe('Guides');
    expect(lvl0('/reference/api')).toBe('Reference');
    expect(lvl0('/intro')).toBe('Documentation');
    expect(lvl0('/standalone')).toBe('Documentation');
  });

  it('records a page at its slug, not its file path', () => {
    expect(recordsOf(fixture, '/guides/advanced')).toEqual([]);
    expect(recordsOf(fixture, '/guides/advanced-topics').map((record) => record.type)).toEqual([
      'lvl1',
      'lvl2',
      'content',
      'content',
    ]);
  });

  it('finds the text of admonitions, table cells and the summary of a details block', () => {
    const intro = contents(recordsOf(fixture, '/intro'));
    expect(intro).toEqual(
      expect.arrayContaining(['Tips render as admonitions.', 'Warnings too.', 'Name', 'Value', 'a', '1', 'More']),
    );
  });

  it('finds a short code block as a record of its page and section', () => {
    const install = fixture.records.filter((record) => record.content === 'npm install fixture');
    expect(install.map((record) => new URL(record.url_without_anchor).pathname).sort()).toEqual([
      '/components',
      '/intro',
    ]);
  });

  it('tags every record as English docs of the current version, as DocSearch’s facets expect', () => {
    for (const record of fixture.records) {
      expect(record.language).toBe('en');
      expect(record.docusaurus_tag).toBe('docs-default-current');
    }
  });

  it('keeps punctuation next to the link text before it', () => {
    // "Back to the [introduction](../intro.md)." reads as one sentence in a snippet.
    expect(contents(recordsOf(fixture, '/guides/setup'))).toContain('Back to the introduction.');
    expect(contents(recordsOf(fixture, '/intro'))).toContain(
      'This page links to setup, to the API and to an outside site.',
    );
  });
});

describe('search records of lists and nested sections', () => {
  let result: BuiltSite;

  beforeAll(async () => {
    const site = await writeSite({
      'docs/lists.md': page(
        'Lists',
        '## Steps',
        '',
        '- First step',
        '- Second step',
        '  - A nested detail',
        '',
        '1. Ordered item',
        '',
        '### Deeper',
        '',
        '#### Deepest',
        '',
        'Text under a fourth-level heading.',
        '',
        '## Loose',
        '',
        '- A first paragraph.',
        '',
        '  A second paragraph of the same item.',
      ),
      'docs/code.md': page(
        'Code',
        'Detox will throw:',
        '',
        '```text',
        'Error: Cannot find UI Element.',
        '```',
        '',
        '```js',
        ...['const a = 1;', 'const b = 2;', 'const c = 3;', 'longExampleOnly(a, b, c);'],
        '```',
      ),
    });
    result = await buildSite(site);
  });

  it('leaves a code block of more than a few lines out: an example is mostly names any page has', () => {
    expect(contents(recordsOf(result, '/code'))).toEqual(['Detox will throw:', 'Error: Cannot find UI Element.']);
  });

  it('makes one record per list item, and a nested item a record of its own', () => {
    const steps = recordsOf(result, '/lists').filter(
      (record) => record.type === 'content' && record.hierarchy.lvl2 === 'Steps' && record.hierarchy.lvl3 === null,
    );
    expect(steps.map((record) => record.content)).toEqual([
      'First step',
      'Second step',
      'A nested detail',
      'Ordered item',
    ]);
    expect(steps.every((record) => record.url.endsWith('/lists#steps'))).toBe(true);
  });

  it('keeps the paragraphs of one list item apart by a space', () => {
    const loose = recordsOf(result, '/lists').filter(
      (record) => record.type === 'content' && record.hierarchy.lvl2 === 'Loose',
    );
    expect(loose.map((record) => record.content)).toEqual(['A first paragraph. A second paragraph of the same item.']);
  });

  it('gives text under a fourth-level heading the whole trail of headings above it', () => {
    const deepest = recordsOf(result, '/lists').find(
      (record) => record.content === 'Text under a fourth-level heading.',
    )!;
    expect(deepest.hierarchy).toMatchObject({ lvl1: 'Lists', lvl2: 'Steps', lvl3: 'Deeper', lvl4: 'Deepest' });
    expect(deepest.anchor).toBe('deepest');
  });

  it('ranks records in page order through their position', () => {
    const positions = recordsOf(result, '/lists').map((record) => record.weight.position);
    expect(positions).toEqual(positions.map((_, index) => index));
  });
});

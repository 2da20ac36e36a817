// A word's other inflected forms, found as the word (below it), and what is not a form.

import { describe, expect, it } from 'vitest';
import type { RecordType, SearchRecord } from '../../../../../client/contract/search-protocol.ts';
import { formsOf } from '../../../../../worker/services/search/word-forms.ts';
import { builtIndex } from '../../../support/search-index.ts';

function record(page: string, type: RecordType, content: string | null, title = page): SearchRecord {
  const url = `https://docs.example.test/${page}`;
  return {
    objectID: `${page}-${type}-${content ?? ''}`,
    url,
    url_without_anchor: url,
    anchor: null,
    type,
    hierarchy: { lvl0: 'Docs', lvl1: title, lvl2: null, lvl3: null, lvl4: null, lvl5: null, lvl6: null },
    content,
    language: 'en',
    docusaurus_tag: 'docs-default-current',
    weight: { level: 0, position: 0, pageRank: 0 },
  };
}

const pagesFound = async (records: SearchRecord[], query: string) => {
  const found = await builtIndex(records).search(query);
  return [...new Set(found.map((entry) => new URL(entry.url).pathname.slice(1)))];
};

describe('word forms', () => {
  it('gives a word’s -s, -ing and -ed forms, with their spelling changes, both ways', () => {
    expect([...formsOf('test')]).toEqual(expect.arrayContaining(['tests', 'testing', 'tested']));
    expect([...formsOf('taking')]).toEqual(expect.arrayContaining(['take', 'takes']));
    expect([...formsOf('stop')]).toEqual(expect.arrayContaining(['stopping', 'stopped']));
    expect([...formsOf('studied')]).toEqual(expect.arrayContaining(['study', 'studies']));
    expect(formsOf('string').has('str')).toBe(false);
    expect(formsOf('general').has('generate')).toBe(false);
  });

  it('finds the page saying “taking” for a reader typing “take”, and the exact word first', async () => {
    const records = [
      record('screenshots', 'lvl1', null, 'Taking screenshots'),
      record('other', 'content', 'Nothing to see here.'),
    ];
    expect((await builtIndex(records).engine.search('take screenshots')).fullCount).toBe(1);
    expect(await pagesFound(records, 'take screenshots')).toEqual(['screenshots']);
    const both = [record('testing', 'content', 'Testing the app.'), record('test', 'content', 'Test the app.')];
    expect(await pagesFound(both, 'test app')).toEqual(['test', 'testing']);
  });

  it('counts a phrase made with another form as near, after the phrase as typed', async () => {
    const records = [
      record('extensions', 'content', 'Puppeteer is used for testing chrome extensions.', 'Chrome extensions'),
      record('features', 'content', 'Test chrome extensions.', 'Features'),
    ];
    expect(await pagesFound(records, 'test chrome extensions')).toEqual(['features', 'extensions']);
  });

  it('gives an API name’s parts no forms', async () => {
    const records = [
      record('use', 'content', 'Call io.use to add a middleware.'),
      record('used', 'content', 'The io used here runs a middleware.'),
    ];
    // `used` holds `io` and a form of `use`: not the name, so not a match of every word.
    expect((await builtIndex(records).engine.search('io.use middleware')).fullCount).toBe(1);
  });
});

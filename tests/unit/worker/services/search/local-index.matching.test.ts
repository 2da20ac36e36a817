// How the embedded index matches what readers type beyond plain words: API names (camelCase,
// dotted, kebab-case) whole and by their parts, a word's plural, typos in long words, and words
// side by side (phrase proximity).

import { describe, expect, it } from 'vitest';
import type { RecordType, SearchRecord } from '../../../../../client/contract/search-protocol.ts';
import { builtIndex } from '../../../support/search-index.ts';

/** A record of page `page` (its title the page's name unless given). */
function record(page: string, type: RecordType, text: { title?: string; content?: string } = {}): SearchRecord {
  const url = `https://docs.example.test/${page}`;
  return {
    objectID: `${page}-${type}-${text.content ?? ''}`,
    url,
    url_without_anchor: url,
    anchor: null,
    type,
    hierarchy: { lvl0: 'Docs', lvl1: text.title ?? page, lvl2: null, lvl3: null, lvl4: null, lvl5: null, lvl6: null },
    content: text.content ?? null,
    language: 'en',
    docusaurus_tag: 'docs-default-current',
    weight: { level: 0, position: 0, pageRank: 0 },
  };
}

const pagesFound = async (records: SearchRecord[], query: string) => {
  const found = await builtIndex(records).search(query);
  return [...new Set(found.map((entry) => new URL(entry.url).pathname.slice(1)))];
};

describe('API names', () => {
  const records = [
    record('mocks', 'content', { title: 'Mocks', content: 'Call mockReturnValue to set what the mock returns.' }),
    record('early', 'content', { title: 'Early exits', content: 'A value may return early.' }),
  ];

  it('finds a camelCase name whole, and by the words it is made of', async () => {
    expect(await pagesFound(records, 'mockReturnValue')).toEqual(['mocks']);
    expect(await pagesFound(records, 'mockreturnvalue')).toEqual(['mocks']);
    expect((await pagesFound(records, 'mock return value'))[0]).toBe('mocks');
    expect(await pagesFound(records, 'returnValue')).toContain('mocks');
  });

  it('finds a camelCase name as it is being typed', async () => {
    expect(await pagesFound(records, 'mockReturnVal')).toEqual(['mocks']);
  });

  it('ranks the page naming a dotted or kebab-case name above one holding its words apart', async () => {
    const pages = [
      record('apart', 'lvl1', { title: 'Format with Prettier' }),
      record('apart-too', 'lvl1', { title: 'Ignore files in Prettier' }),
      record('named', 'content', { title: 'API', content: 'Call prettier.format on the text.' }),
      record('comment', 'content', { title: 'Comments', content: 'A // prettier-ignore comment skips the next node.' }),
    ];
    expect((await pagesFound(pages, 'prettier.format'))[0]).toBe('named');
    expect((await pagesFound(pages, 'prettier-ignore'))[0]).toBe('comment');
    // Its parts alone still find both.
    expect(await pagesFound(pages, 'prettier format')).toEqual(expect.arrayContaining(['apart', 'named']));
  });

  it('answers an API name no record holds whole with the records holding most of its words, never a blank', async () => {
    const pages = [
      record('rooms', 'content', { title: 'Rooms', content: 'Each socket joins a room of its own.' }),
      record('middlewares', 'content', {
        title: 'Middlewares',
        content: 'The client sends its token with the auth option; it is in the handshake object.',
      }),
    ];
    const found = await pagesFound(pages, 'socket.handshake.auth');
    expect(found[0]).toBe('middlewares');
    expect(found).toContain('rooms');
  });
});

describe('phrase proximity', () => {
  it('ranks a record holding the words side by side and in order above one holding them scattered', async () => {
    const records = [
      record('scattered', 'content', {
        title: 'Creators',
        content: 'A creator may dispatch other things, and returns an object for each action.',
      }),
      record('phrase', 'content', { title: 'Methods', content: 'Dispatches an action to the reducer.' }),
    ];
    expect(await pagesFound(records, 'dispatch an action')).toEqual(['phrase', 'scattered']);
    // A single word: the order is the score's and reading order's alone.
    expect(await pagesFound(records, 'reducer')).toEqual(['phrase']);
  });

  it('reads the page title and headings before the text, so a title word and a heading word make a phrase', async () => {
    const heading = (page: string, title: string, lvl2: string): SearchRecord => ({
      ...record(page, 'lvl2', { title }),
      hierarchy: { lvl0: 'Docs', lvl1: title, lvl2, lvl3: null, lvl4: null, lvl5: null, lvl6: null },
    });
    const records = [
      heading('faq', 'Store Setup', 'What is the difference between next and dispatch in a middleware?'),
      heading('api', 'Store', 'dispatch(action)'),
    ];
    expect(await pagesFound(records, 'store.dispatch')).toEqual(['api', 'faq']);
  });

  it('keeps titles and headings above text, whatever the text’s proximity', async () => {
    const records = [
      record('text', 'content', { title: 'Methods', content: 'Dispatches an action to the reducer.' }),
      record('titled', 'lvl1', { title: 'Dispatch: what an action is' }),
    ];
    expect(await pagesFound(records, 'dispatch an action')).toEqual(['titled', 'text']);
  });
});

describe('word forms and typos', () => {
  it('finds a word’s plural or singular as the word itself, not as a typo', async () => {
    const records = [
      record('many', 'content', { title: 'Flags', content: 'Many options here.' }),
      record('philosophy', 'lvl1', { title: 'Option philosophy' }),
    ];
    expect(await pagesFound(records, 'options')).toEqual(['philosophy', 'many']);
  });

  it('forgives two swapped letters as one typo', async () => {
    const records = [record('serving', 'content', { content: 'Serving pages quickly.' })];
    expect(await pagesFound(records, 'sevring')).toEqual(['serving']);
  });

  it('finds a long word with one typo even where many commoner words lie two typos away', async () => {
    // Twelve frequent words two edits from `validatr`, and the one it misspells, rare, one edit away.
    const near = 'abcdefghijkl'.split('').map((letter) => `valida${letter}${letter}`);
    const records = [
      ...near.flatMap((word) =>
        [1, 2, 3, 4, 5].map((n) => record(`${word}-${n}`, 'content', { content: `The ${word} text.` })),
      ),
      record('validator', 'content', { content: 'Run the validator.' }),
    ];
    expect((await pagesFound(records, 'validatr run'))[0]).toBe('validator');
  });
});

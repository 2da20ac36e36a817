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

  it('puts text on a page titled by a query word before the same words side by side on another page', async () => {
    const records = [
      record('config', 'content', { title: 'Configuration', content: 'Render code blocks as Mermaid diagrams.' }),
      record('theme', 'content', {
        title: 'theme-mermaid',
        content: 'This theme renders mermaid code blocks; the guide tells more about diagrams.',
      }),
    ];
    expect(await pagesFound(records, 'mermaid diagrams')).toEqual(['theme', 'config']);
    // A section's heading holding a word is not its page's title: proximity decides there.
    const sections = [
      record('store', 'content', { title: 'Store', content: 'The only way to change it is to dispatch an action.' }),
      {
        ...record('faq', 'content', { title: 'FAQ', content: 'You may dispatch several, each from its own handler.' }),
        hierarchy: {
          lvl0: 'Docs',
          lvl1: 'FAQ',
          lvl2: 'Action creators',
          lvl3: null,
          lvl4: null,
          lvl5: null,
          lvl6: null,
        },
      },
    ];
    expect(await pagesFound(sections, 'dispatch an action')).toEqual(['store', 'faq']);
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

  it('does not put a word found exactly in a record’s text in its title because a typo of it is there', async () => {
    // `puppeteernode` is two letters from `puppeteercore`: a typo the title holds, not the name,
    // so the launch page's text is not taken for text under a title naming it, and proximity decides.
    const records = [
      record('setup', 'content', { title: 'Setup', content: 'Run puppeteer-core install to fetch a browser.' }),
      record('launch', 'content', {
        title: 'PuppeteerNode',
        content: 'With puppeteer-core you may install and manage the browser yourself.',
      }),
    ];
    expect(await pagesFound(records, 'puppeteer-core install')).toEqual(['setup', 'launch']);
  });

  it('weighs a long word in a best-effort answer by the records holding it, not its neighbours a typo away', async () => {
    // Thirty records hold words a letter from `configurator`; one holds the word itself.
    const near = 'abcdefghij'.split('').map((letter) => `configurator${letter}`);
    const records = [
      ...near.flatMap((word) =>
        [1, 2, 3].map((n) => record(`${word}-${n}`, 'content', { content: `The ${word} text.` })),
      ),
      record('legacy', 'content', { title: 'Legacy', content: 'Legacy mode keeps the old layout.' }),
      record('legacy-too', 'content', { title: 'Upgrades', content: 'Leave legacy mode when you can.' }),
      record('tool', 'content', { title: 'Tools', content: 'Open the configurator.' }),
    ];
    // No record holds both words: the one holding the rarer word comes first.
    expect((await pagesFound(records, 'configurator legacy'))[0]).toBe('tool');
  });

  it('answers a question naming two API names with the pages holding the names, not the one holding its other words', async () => {
    const records = [
      record('type-definitions', 'content', {
        title: 'consistent-type-definitions',
        content: 'What are the differences between interfaces and object types?',
      }),
      record('floating', 'content', {
        title: 'no-floating-promises',
        content: 'See no-misused-promises for promises passed where nothing awaits them.',
      }),
      ...['one', 'two', 'three', 'four'].map((n) =>
        record(`filler-${n}`, 'content', { content: `What the rule checks is kept between runs, ${n} and more.` }),
      ),
    ];
    const query = 'what is the difference between no-floating-promises and no-misused-promises';
    expect((await pagesFound(records, query))[0]).toBe('floating');
  });

  it('finds a dotted name on the page titled by the object, in the section headed by the method', async () => {
    const section = (page: string, title: string, heading: string, content: string): SearchRecord => ({
      ...record(page, 'content', { title, content }),
      objectID: `${page}-${heading}`,
      url: `https://docs.example.test/${page}#${heading}`,
      anchor: heading,
      hierarchy: { lvl0: 'Docs', lvl1: title, lvl2: heading, lvl3: null, lvl4: null, lvl5: null, lvl6: null },
    });
    const records = [
      section('scrollview', 'ScrollView', 'keyboardDismissMode', 'Whether the keyboard is dismissed on a drag.'),
      section('keyboard', 'Keyboard', 'dismiss()', 'Dismisses the active keyboard and removes focus.'),
    ];
    expect(await pagesFound(records, 'Keyboard.dismiss')).toEqual(['keyboard', 'scrollview']);
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

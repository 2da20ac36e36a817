// Frontmatter keys we read are checked by type, as Docusaurus accepts them; every problem of
// every page is reported together, each with the line of its key.

import { describe, expect, it } from 'vitest';
import { buildSite, writeSite } from '../support/sites.ts';
import { expectBuildFailure } from '../support/build-failure.ts';

describe('frontmatter', () => {
  it('reports every wrong key of a page, each on its own line', async () => {
    const siteDir = await writeSite({
      'docs/a.md': [
        '---',
        'title: 2024',
        'sidebar_position: first',
        'keywords: [setup, 5]',
        'unlisted: maybe',
        '---',
        'Text.',
      ].join('\n'),
    });
    expect((await expectBuildFailure(siteDir)).messages).toMatchInlineSnapshot(`
      [
        "docs/a.md:2: title: found 2024 (number), expected a string
        fix: set title to a string such as "Getting started"",
        "docs/a.md:3: sidebar_position: found "first" (string), expected a number
        fix: set sidebar_position to a number such as 3",
        "docs/a.md:4: keywords[1]: found 5 (number), expected a string
        fix: set keywords[1] to a string",
        "docs/a.md:5: unlisted: found "maybe" (string), expected true or false
        fix: set unlisted to true or false",
      ]
    `);
  });

  it('reports the problems of every page, not only the first', async () => {
    const siteDir = await writeSite({
      'docs/a.md': ['---', 'hide_title: yes please', '---', 'Text.'].join('\n'),
      'docs/b.md': ['---', 'slug: 5', '---', 'Text.'].join('\n'),
    });
    expect((await expectBuildFailure(siteDir)).messages).toMatchInlineSnapshot(`
      [
        "docs/a.md:2: hide_title: found "yes please" (string), expected true or false
        fix: set hide_title to true or false",
        "docs/b.md:2: slug: found 5 (number), expected a string
        fix: set slug to a string such as "/start" or "start"",
      ]
    `);
  });

  it('ignores unknown keys and empty ones, and takes quoted numbers and booleans, as Docusaurus does', async () => {
    const siteDir = await writeSite({
      'docs/a.md': [
        '---',
        'title:',
        'sidebar_position: "2"',
        'hide_title: "true"',
        'image: ./card.png',
        'toc_max_heading_level: 4',
        '---',
        '# From the heading',
        'Text.',
      ].join('\n'),
    });
    const { pages } = await buildSite(siteDir);
    expect(pages[0]).toMatchObject({ title: 'From the heading', hideTitle: true });
  });
});

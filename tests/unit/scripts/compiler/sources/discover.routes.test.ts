// Step "discover": each file's id, route and title, as Docusaurus would give them.

import { describe, expect, it } from 'vitest';
import { docBody, parseDoc } from '../../../../../scripts/compiler/sources/discover.ts';

const siteDir = '/site';
const docsDir = '/site/docs';

/** Parses one doc at `path` (relative to docs/) with the given source text. */
function doc(path: string, raw = 'Some text.\n') {
  return parseDoc(siteDir, docsDir, `${docsDir}/${path}`, raw);
}

describe('routes', () => {
  it('gives a page the route of its path without the extension', () => {
    expect(doc('guides/setup.md').route).toBe('/guides/setup');
    expect(doc('guides/setup.mdx').route).toBe('/guides/setup');
  });

  it('serves index.md at the route of its folder', () => {
    expect(doc('guides/index.md').route).toBe('/guides');
    expect(doc('index.md').route).toBe('/');
  });

  it('serves README.md at the route of its folder', () => {
    expect(doc('guides/README.md').route).toBe('/guides');
  });

  it('uses an absolute slug as the route, whatever the folder', () => {
    expect(doc('guides/setup.md', '---\nslug: /start/here\n---\nText\n').route).toBe('/start/here');
  });

  it('resolves a relative slug against the folder of the page', () => {
    expect(doc('guides/setup.md', '---\nslug: first-steps\n---\nText\n').route).toBe('/guides/first-steps');
  });

  it('resolves ../ and ./ in a relative slug as a path, never above the docs root', () => {
    const slugged = (path: string, slug: string) => doc(path, `---\nslug: ${slug}\n---\nText\n`).route;
    // As a real site writes its API pages (docs/api_reference/builders/get-item-builder.md).
    expect(slugged('api_reference/builders/get.md', '../../api-reference/builders/get-item')).toBe(
      '/api-reference/builders/get-item',
    );
    expect(slugged('dev_guide/high_level/read.md', '../dev-guide/read')).toBe('/dev_guide/dev-guide/read');
    expect(slugged('guides/setup.md', './first-steps')).toBe('/guides/first-steps');
    expect(slugged('guides/setup.md', '../../../../top')).toBe('/top');
  });

  it('serves a slug of / at the site root', () => {
    expect(doc('welcome.md', '---\nslug: /\n---\nText\n').route).toBe('/');
  });

  it('drops a trailing slash and doubled slashes from a slug', () => {
    expect(doc('a.md', '---\nslug: //x//y/\n---\nText\n').route).toBe('/x/y');
  });

  it('strips number prefixes from file and folder names in the route and the id', () => {
    const parsed = doc('01-getting-started/02-install.md');
    expect(parsed.route).toBe('/getting-started/install');
    expect(parsed.id).toBe('getting-started/install');
  });

  it('keeps a name that is only a number', () => {
    expect(doc('2024.md').route).toBe('/2024');
  });

  it('gives a doc the id of its path, and the folder plus frontmatter id when it has one', () => {
    expect(doc('guides/setup.md').id).toBe('guides/setup');
    expect(doc('guides/setup.md', '---\nid: install\n---\nText\n').id).toBe('guides/install');
  });

  it('derives the route from the frontmatter id, as Docusaurus does', () => {
    // Docusaurus: baseSlug = frontMatter.slug ?? frontMatter.id ?? file name.
    expect(doc('guides/setup.md', '---\nid: install\n---\nText\n').route).toBe('/guides/install');
  });
});

describe('titles and metadata', () => {
  it('takes the title from the frontmatter first', () => {
    expect(doc('a.md', '---\ntitle: From frontmatter\n---\n\n# From heading\n').title).toBe('From frontmatter');
  });

  it('falls back to the first # heading, without its markup or custom id', () => {
    expect(doc('a.md', '# The *real* `title` {#custom}\n\nText.\n').title).toBe('The real title');
    expect(doc('a.mdx', '# The `title` {/* #custom */}\n\nText.\n').title).toBe('The title');
  });

  it('finds a # heading below the frontmatter or after a tab, but not a ## heading', () => {
    expect(doc('a.md', '---\nsidebar_position: 1\n---\n# First\n').title).toBe('First');
    expect(doc('a.md', 'Text.\n\n#\tTabbed\n').title).toBe('Tabbed');
    expect(doc('a.md', '## Second level\n\n#hashtag\n').title).toBe('a');
  });

  it('ignores a # line inside a code fence when looking for the heading', () => {
    expect(doc('a.md', '```bash\n# a comment\n```\n\n# Real heading\n').title).toBe('Real heading');
  });

  it('falls back to the file name when there is neither title nor heading', () => {
    expect(doc('03-notes.md', 'Just text.\n').title).toBe('notes');
  });

  it('takes the description from the frontmatter, else the first paragraph', () => {
    expect(doc('a.md', '---\ndescription: Said here\n---\nText.\n').description).toBe('Said here');
    expect(doc('a.md', '# Heading\n\nimport X from "y";\n\nThe [first](./b.md) *paragraph*.\n').description).toBe(
      'The first paragraph.',
    );
    // A linked image (a README's badge) reads as its alt text, as Docusaurus's excerpt reads it.
    const badge = '[![Build Status](https://ci.example.test/badge.svg)](https://ci.example.test/repo) A fast parser.\n';
    expect(doc('a.md', badge).description).toBe('Build Status A fast parser.');
  });

  it('reads the first paragraph as Docusaurus reads its excerpt', () => {
    // The title heading (atx or setext) is passed; a later heading's words, an HTML line's text count.
    expect(doc('a.md', '# Title\n\n## Choose a plan\n\nText.\n').description).toBe('Choose a plan');
    expect(doc('a.mdx', '# Title\n\n## Choose a plan {/* #plans */}\n\nText.\n').description).toBe('Choose a plan');
    expect(doc('a.md', 'Title\n=====\n\nThe text.\n').description).toBe('The text.');
    expect(doc('a.md', '<p align="center"><b>A fast</b> parser</p>\n\nMore.\n').description).toBe('A fast parser');
    expect(doc('a.md', '![A diagram](./d.png)\n').description).toBe('A diagram');
    expect(doc('a.md', '> **Note** read `setup` first :tada:\n').description).toBe('Note read setup first');
    // Fenced code, imports and a comment over several lines give nothing.
    const skipped =
      '```js\nconst a = 1;\n```\n\nimport X from "y";\nexport const z = 2;\n\n<!--\nhidden\n-->\n\nShown.\n';
    expect(doc('a.mdx', skipped).description).toBe('Shown.');
  });

  it('reads the Docusaurus frontmatter keys', () => {
    const parsed = doc(
      'a.md',
      [
        '---',
        'title: A',
        'sidebar_label: Short A',
        'sidebar_position: 3',
        'keywords: [one, two]',
        'hide_title: true',
        'hide_table_of_contents: true',
        'unlisted: true',
        'className: wide',
        '---',
        'Text.',
      ].join('\n'),
    );
    expect(parsed).toMatchObject({
      sidebarLabel: 'Short A',
      sidebarPosition: 3,
      keywords: ['one', 'two'],
      hideTitle: true,
      hideTableOfContents: true,
      unlisted: true,
      className: 'wide',
    });
  });

  it('ignores frontmatter keys it does not know, as Docusaurus does', () => {
    const parsed = doc('a.md', '---\ntitle: A\nauthor: Someone\ncustom_edit_url: null\ntags: [x]\n---\nText.\n');
    expect(parsed.title).toBe('A');
    expect(parsed.route).toBe('/a');
  });

  it('blanks the frontmatter out of the body but keeps its lines, so errors point at the right line', () => {
    const raw = '---\ntitle: A\n---\nline four\n';
    const parsed = doc('a.md', raw);
    expect(parsed.raw).toBe(raw);
    expect(docBody(parsed).split('\n')[3]).toBe('line four');
    expect(docBody(parsed)).not.toContain('title: A');
  });

  it('blanks Windows line ends and a frontmatter that ends the file without a line end', () => {
    expect(docBody(doc('a.md', '---\r\ntitle: A\r\n---\r\nText.\r\n'))).toBe('\n\n\nText.\r\n');
    expect(docBody(doc('a.md', '---\ntitle: A\n---'))).toBe('\n\n');
    expect(docBody(doc('a.md', 'No frontmatter.\n'))).toBe('No frontmatter.\n');
  });
});

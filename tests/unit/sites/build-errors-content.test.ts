// Bad frontmatter and two pages on one route fail the build with the file, the line and a fix.

import { describe, expect, it } from 'vitest';
import { page, writeSite } from '../support/sites.ts';
import { expectBuildFailure } from '../support/build-failure.ts';

describe('bad frontmatter', () => {
  it('fails on invalid YAML, naming the line of the mistake', async () => {
    const siteDir = await writeSite({
      'docs/a.md': ['---', 'title: A', 'description: Note: colons need quotes', '---', 'Text.'].join('\n'),
    });
    (await expectBuildFailure(siteDir)).onlyError({
      file: 'docs/a.md',
      line: 3,
      problem: /^bad frontmatter: /,
      fix: /write valid YAML between the two --- lines/,
    });
  });

  it('fails on a value of the wrong type, naming the line of the key', async () => {
    const siteDir = await writeSite({
      'docs/a.md': ['---', 'title: A', 'sidebar_position: "x"', '---', 'Text.'].join('\n'),
    });
    (await expectBuildFailure(siteDir)).onlyError({
      file: 'docs/a.md',
      line: 3,
      problem: /^sidebar_position: found "x" \(string\), expected a number$/,
      fix: /^set sidebar_position to a number such as 3$/,
    });
  });

  it('names the line of the key even after comments and multi-line values', async () => {
    const siteDir = await writeSite({
      'docs/a.md': [
        '---',
        '# The page',
        'title: A',
        'description: >',
        '  A long description',
        '  on two lines.',
        'hide_title: "yes"',
        '---',
        'Text.',
      ].join('\n'),
    });
    (await expectBuildFailure(siteDir)).onlyError({
      file: 'docs/a.md',
      line: 7,
      problem: /^hide_title: found "yes" \(string\), expected true or false$/,
      fix: /^set hide_title to true or false$/,
    });
  });

  it('fails on keywords that are not a list of strings', async () => {
    const siteDir = await writeSite({
      'docs/a.md': ['---', 'title: A', 'keywords: one, two', '---', 'Text.'].join('\n'),
    });
    (await expectBuildFailure(siteDir)).onlyError({
      file: 'docs/a.md',
      line: 3,
      problem: /^keywords: found "one, two" \(string\), expected a list of strings$/,
      fix: /^set keywords to a list such as \[setup, install\]$/,
    });
  });

  it('fails on an id that contains a slash', async () => {
    const siteDir = await writeSite({ 'docs/a.md': ['---', 'id: guides/a', '---', 'Text.'].join('\n') });
    (await expectBuildFailure(siteDir)).onlyError({
      file: 'docs/a.md',
      line: 2,
      problem: /^id: found "guides\/a" \(string\), expected a name without "\/"$/,
      fix: /the folder is added to the id for you/,
    });
  });

  it('fails on frontmatter that is not a mapping', async () => {
    const siteDir = await writeSite({ 'docs/a.md': ['---', '- just', '- a list', '---', 'Text.'].join('\n') });
    (await expectBuildFailure(siteDir)).onlyError({
      file: 'docs/a.md',
      line: 2,
      problem: /must be a YAML mapping/,
      fix: /title: My page/,
    });
  });
});

describe('missing docs folder', () => {
  it('fails when the site has no docs/ folder, saying to create it', async () => {
    const siteDir = await writeSite({ 'site.config.ts': 'export default {};\n' });
    const error = (await expectBuildFailure(siteDir)).onlyError();
    expect(error.file).toMatch(/docs$/);
    expect(error.problem).toBe('the docs folder does not exist');
    expect(error.fix).toMatch(/create it/);
  });
});

describe('duplicate routes', () => {
  it('fails when two docs have the same slug, naming both files', async () => {
    const siteDir = await writeSite({
      'docs/a.md': ['---', 'title: A', 'slug: /same', '---', 'Text.'].join('\n'),
      'docs/b.md': ['---', 'title: B', 'slug: /same', '---', 'Text.'].join('\n'),
    });
    const error = (await expectBuildFailure(siteDir)).onlyError();
    expect(error.file).toBe('docs/b.md');
    expect(error.line).toBeDefined();
    expect(error.problem).toBe('duplicate route /same: docs/a.md has it too');
    expect(error.fix).toMatch(/give one of the two pages another `slug`/);
    expect(error.message).toMatch(/^docs\/b\.md:\d+: duplicate route/);
  });

  it('fails when a page and a folder index land on the same route', async () => {
    const siteDir = await writeSite({
      'docs/guide.md': page('Guide', 'One.'),
      'docs/guide/index.md': page('Guide index', 'Two.'),
    });
    const error = (await expectBuildFailure(siteDir)).onlyError();
    expect(error.problem).toMatch(/^duplicate route \/guide: docs\/guide(\.md|\/index\.md) has it too$/);
  });

  it('treats routes that differ only in case as the same route', async () => {
    const siteDir = await writeSite({
      'docs/a.md': ['---', 'slug: /Setup', '---', 'Text.'].join('\n'),
      'docs/b.md': ['---', 'slug: /setup', '---', 'Text.'].join('\n'),
    });
    expect((await expectBuildFailure(siteDir)).onlyError().problem).toMatch(/duplicate route \/setup/);
  });
});

// Links to a #fragment are checked once every page is built, as Docusaurus's onBrokenAnchors
// does (its default is to warn): the fragment must be the id of a heading or element of the page.

import { describe, expect, it } from 'vitest';
import { buildSite, page, writeSite } from '../support/sites.ts';
import { expectBuildFailure } from '../support/build-failure.ts';

const pages = {
  'docs/ledger.md': page(
    'Ledger',
    '## Blocks',
    '',
    '### Finality rules {#finality}',
    '',
    '<span id="glossary">Terms</span>',
  ),
  'docs/guide.md': page(
    'Guide',
    '## Start here',
    '',
    'See [blocks](./ledger.md#blocks), [finality](/ledger#finality), [terms](/ledger/#glossary)',
    'and [the start](#start-here), [back up](#top).',
    '',
    'Missing: [fees](./ledger.md#fees), [the end](#the-end), [fees again](/ledger#fees).',
  ),
};

describe('broken anchors', () => {
  it('warns for each fragment the linked page lacks, naming the page and the link, and keeps building', async () => {
    const site = await buildSite(await writeSite(pages));
    const anchors = site.warnings.filter((warning) => /broken anchor/.test(warning.problem));
    expect(anchors.map((warning) => [warning.file, warning.problem])).toEqual([
      ['docs/guide.md', 'broken anchor: /ledger#fees (the page /ledger has no heading or element with the id "fees")'],
      ['docs/guide.md', 'broken anchor: #the-end (this page has no heading or element with the id "the-end")'],
    ]);
    expect(anchors[0]!.fix).toMatch(/heading/);
    expect(site.pages).toHaveLength(2);
  });

  it("follows the Docusaurus config's onBrokenAnchors: throw fails the build, ignore says nothing", async () => {
    const config = (policy: string) =>
      `module.exports = { title: 'T', url: 'https://t.test', baseUrl: '/', onBrokenAnchors: '${policy}', presets: [['classic', { docs: { routeBasePath: '/' } }]] };`;
    const messages = (await expectBuildFailure(await writeSite({ ...pages, 'docusaurus.config.js': config('throw') })))
      .messages;
    expect(messages.map((message) => /broken anchor: (\S+)/.exec(message)?.[1])).toEqual(['/ledger#fees', '#the-end']);
    const quiet = await buildSite(await writeSite({ ...pages, 'docusaurus.config.js': config('ignore') }));
    expect(quiet.warnings.filter((warning) => /broken anchor/.test(warning.problem))).toEqual([]);
  });
});

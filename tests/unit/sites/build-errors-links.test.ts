// Broken links and missing images fail the build (or warn, as the site's policy says),
// naming the page, the line and what to do.

import { describe, expect, it } from 'vitest';
import { buildSite, expectBuildError, page, writeSite } from '../support/sites.ts';
import { expectBuildFailure } from '../support/build-failure.ts';

const policy = (onBrokenLinks: string, onBrokenMarkdownLinks = 'warn') =>
  `export default { onBrokenLinks: '${onBrokenLinks}', onBrokenMarkdownLinks: '${onBrokenMarkdownLinks}' };\n`;

// Body line 1 is file line 5 (see `page`).
const brokenLink = page('A', 'Intro.', '', 'See [the setup](/guides/setup) for more.');
const brokenMdLink = page('A', 'See [the setup](./guides/setup.md).');

describe('broken internal links', () => {
  it('fails the build, naming the page, the line and the missing route', async () => {
    const siteDir = await writeSite({ 'docs/a.md': brokenLink });
    (await expectBuildFailure(siteDir)).onlyError({
      file: 'docs/a.md',
      line: 7,
      problem: /broken link: \/guides\/setup \(no page has the route \/guides\/setup\)/,
      fix: /link to an existing route/,
    });
  });

  it('suggests a route of this site in the fix, not one of another site', async () => {
    const siteDir = await writeSite({ 'docs/a.md': brokenLink });
    const error = (await expectBuildFailure(siteDir)).onlyError();
    expect(error.fix).not.toContain('/technical-docs/PoAI/proof-of-ai');
  });

  it('is a warning with the same details, and the build succeeds, when onBrokenLinks is warn', async () => {
    const siteDir = await writeSite({ 'docs/a.md': brokenLink, 'site.config.ts': policy('warn') });
    const result = await buildSite(siteDir);
    expect(result.warnings).toHaveLength(1);
    expectBuildError(result.warnings[0]!, {
      file: 'docs/a.md',
      line: 7,
      problem: /broken link: \/guides\/setup/,
      fix: /existing route/,
    });
    expect(result.pages.map((p) => p.route)).toEqual(['/a']);
  });

  it('says nothing when onBrokenLinks is ignore', async () => {
    const siteDir = await writeSite({ 'docs/a.md': brokenLink, 'site.config.ts': policy('ignore') });
    expect((await buildSite(siteDir)).warnings).toEqual([]);
  });

  it('reports every broken link of the site in one failure', async () => {
    const siteDir = await writeSite({
      'docs/a.md': brokenLink,
      'docs/b.md': page('B', '[one](/nope-1)', '', '[two](/nope-2)'),
    });
    const errors = (await expectBuildFailure(siteDir)).errors;
    expect(errors.map((e) => `${e.file}:${e.line}`).sort()).toEqual(['docs/a.md:7', 'docs/b.md:5', 'docs/b.md:7']);
  });
});

describe('broken .md links', () => {
  it('is a warning naming the page and the line by default, as in Docusaurus', async () => {
    const siteDir = await writeSite({ 'docs/a.md': brokenMdLink });
    const result = await buildSite(siteDir);
    expect(result.warnings).toHaveLength(1);
    expectBuildError(result.warnings[0]!, {
      file: 'docs/a.md',
      line: 5,
      problem: /broken Markdown link: \.\/guides\/setup\.md \(no such doc file\)/,
      fix: /existing \.md\/\.mdx file, relative to this page/,
    });
  });

  it('fails the build when onBrokenMarkdownLinks is throw', async () => {
    const siteDir = await writeSite({ 'docs/a.md': brokenMdLink, 'site.config.ts': policy('throw', 'throw') });
    (await expectBuildFailure(siteDir)).onlyError({
      file: 'docs/a.md',
      line: 5,
      problem: /broken Markdown link/,
      fix: /existing \.md/,
    });
  });
});

describe('missing images', () => {
  it('fails on a relative image that is not there, naming the page and the line', async () => {
    const siteDir = await writeSite({ 'docs/a.md': page('A', 'Text.', '', '![Diagram](./img/diagram.png)') });
    (await expectBuildFailure(siteDir)).onlyError({
      file: 'docs/a.md',
      line: 7,
      problem: /missing image: \.\/img\/diagram\.png/,
      fix: /put the image next to the page or fix the relative path/,
    });
  });

  it('fails on an absolute image that is not under static/', async () => {
    const siteDir = await writeSite({ 'docs/a.md': page('A', '![Logo](/img/logo.svg)') });
    (await expectBuildFailure(siteDir)).onlyError({
      file: 'docs/a.md',
      line: 5,
      problem: /missing image: \/img\/logo\.svg/,
      fix: /under static\//,
    });
  });

  it('fails on a missing image even when broken links only warn', async () => {
    const siteDir = await writeSite({
      'docs/a.md': page('A', '![Gone](./gone.png)'),
      'site.config.ts': policy('warn'),
    });
    (await expectBuildFailure(siteDir)).onlyError({
      file: 'docs/a.md',
      line: 5,
      problem: /missing image: \.\/gone\.png/,
      fix: /next to the page/,
    });
  });
});

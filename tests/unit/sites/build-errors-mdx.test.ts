// Pages are MDX: a syntax error or an unknown component fails the build with the file, the
// line and what to do.

import { describe, expect, it } from 'vitest';
import { buildSite, page, writeSite } from '../support/sites.ts';
import { expectBuildFailure } from '../support/build-failure.ts';

// Body line 1 is file line 5 (see `page`).

describe('MDX syntax errors', () => {
  it('names the file and line of an unclosed <div>, and says to close it', async () => {
    const siteDir = await writeSite({
      'docs/a.md': page('A', 'Text.', '', '<div>', 'Never closed.', '', 'More text.'),
    });
    (await expectBuildFailure(siteDir)).onlyError({
      file: 'docs/a.md',
      line: 7,
      problem: /Expected a closing tag for `<div>`/,
      fix: /close every JSX\/HTML tag/,
    });
  });

  it('names the file and line of a stray {, and says to escape it', async () => {
    const siteDir = await writeSite({ 'docs/a.md': page('A', 'Text.', '', 'A stray { brace here.') });
    (await expectBuildFailure(siteDir)).onlyError({
      file: 'docs/a.md',
      line: 7,
      problem: /closing brace for `\{`/,
      fix: /escape \{ and \} as \\\{ and \\\}/,
    });
  });

  it('names the partial and its own line when the error is in an imported partial', async () => {
    const siteDir = await writeSite({
      'docs/a.mdx': page('A', "import Part from './_part.mdx';", '', '<Part />'),
      'docs/_part.mdx': '---\ndescription: x\n---\n\nFine.\n\nA stray { brace.\n',
    });
    (await expectBuildFailure(siteDir)).onlyError({
      file: 'docs/_part.mdx',
      line: 7,
      problem: /closing brace for `\{`/,
      fix: /escape \{ and \} as/,
    });
  });

  it('names the broken page, not the pages that compile', async () => {
    const siteDir = await writeSite({
      'docs/a.md': page('A', 'A stray { brace.'),
      'docs/b.md': page('B', 'Fine.'),
    });
    const error = (await expectBuildFailure(siteDir)).onlyError();
    expect(error.file).toBe('docs/a.md');
  });
});

describe('components', () => {
  it('fails on an unknown component, naming its line and the registered ones', async () => {
    const siteDir = await writeSite({ 'docs/a.md': page('A', 'Text.', '', '<Foo />') });
    (await expectBuildFailure(siteDir)).onlyError({
      file: 'docs/a.md',
      line: 7,
      problem: /unknown component <Foo>/,
      fix: /use one of the registered components \(Admonition, Tabs, TabItem, CodeBlock, Details\) or plain HTML/,
    });
  });

  it('fails on an unknown @theme import, naming the line of the import and the imports there are', async () => {
    const siteDir = await writeSite({ 'docs/a.mdx': page('A', "import Foo from '@theme/Foo';", '', 'Text.') });
    (await expectBuildFailure(siteDir)).onlyError({
      file: 'docs/a.mdx',
      line: 5,
      problem: /^unknown import @theme\/Foo: this site has no such component$/,
      fix: /^import one of @theme\/Admonition, @theme\/Tabs, .*@docusaurus\/Link, .*@theme\/TOCInline, .*or write that part in Markdown$/,
    });
  });

  it('fails on an unknown @docusaurus import in a partial, naming the partial and its line', async () => {
    const siteDir = await writeSite({
      'docs/a.mdx': page('A', "import Part from './_part.mdx';", '', '<Part />'),
      'docs/_part.mdx': "Intro.\n\nimport Head from '@docusaurus/Header';\n\n<Head />\n",
    });
    (await expectBuildFailure(siteDir)).onlyError({
      file: 'docs/_part.mdx',
      line: 3,
      problem: /^unknown import @docusaurus\/Header: this site has no such module$/,
      fix: /^import one of .*@docusaurus\/useBaseUrl/,
    });
  });

  it('names the import a page forgot when it uses <Link> or <TOCInline> without one', async () => {
    const siteDir = await writeSite({ 'docs/a.mdx': page('A', 'Text.', '', '<Link to="/a">A</Link>') });
    (await expectBuildFailure(siteDir)).onlyError({
      file: 'docs/a.mdx',
      line: 7,
      problem: /unknown component <Link>/,
      fix: /^add `import Link from '@docusaurus\/Link';` at the top of the page$/,
    });
  });

  it('fails on an expression that throws while the page renders, naming the page', async () => {
    const siteDir = await writeSite({ 'docs/a.md': page('A', 'Value: {notDefined}') });
    const error = (await expectBuildFailure(siteDir)).onlyError();
    expect(error.file).toBe('docs/a.md');
    expect(error.problem).toMatch(/notDefined is not defined/);
    expect(error.fix).toMatch(/fix the JSX expression/);
  });

  it('builds a page that uses registered components and components it defines itself', async () => {
    const siteDir = await writeSite({
      'docs/a.mdx': page(
        'A',
        'export const Badge = ({ children }) => <span className="badge">{children}</span>;',
        '',
        '<Badge>new</Badge>',
        '',
        '<Details><summary>More</summary>Body</Details>',
      ),
    });
    const [a] = (await buildSite(siteDir)).pages;
    expect(JSON.stringify(a!.tree)).toContain('{"t":"span","p":{"className":"badge"},"c":["new"]}');
    expect(JSON.stringify(a!.tree)).toContain('"t":"Details"');
  });
});

// Step "compile" on the Docusaurus imports that run at build time (@docusaurus/Link, useBaseUrl,
// useDocusaurusContext, BrowserOnly, @theme/TOCInline, ThemedImage) and <CodeBlock> written in JSX:
// what ends up in the stored tree, and what an author is told when a page uses them wrongly.

import { describe, expect, it } from 'vitest';
import type { PageData } from '../../../client/contract/page.ts';
import { buildSite, page, writeSite } from '../support/sites.ts';
import { expectBuildFailure } from '../support/build-failure.ts';
import { byTag, findAll, text } from '../support/tree.ts';

async function onlyPage(files: Record<string, string>): Promise<PageData> {
  const site = await buildSite(await writeSite(files));
  return site.pages.find((p) => p.source.endsWith('a.mdx'))!;
}

const withoutKeys = (value: unknown): unknown => JSON.parse(JSON.stringify(value));

describe('the toc export and @theme/TOCInline', () => {
  it('gives every page `toc`: its headings h2 to h6 in order, with their final ids', async () => {
    const a = await onlyPage({
      'docs/a.mdx': page(
        'A',
        '## First',
        '### Second {#custom}',
        '#### Third',
        '',
        '<p className="ids">{toc.map((entry) => `${entry.level}:${entry.id}:${entry.value}`).join(\' \')}</p>',
      ),
    });
    const [ids] = findAll(a.tree, (element) => element.p?.className === 'ids');
    expect(text(ids!)).toBe('2:first:First 3:custom:Second 4:third:Third');
  });

  it('leaves alone a page that imports a `toc` of its own', async () => {
    const a = await onlyPage({
      'docs/data.js': "export const toc = 'mine';\n",
      'docs/a.mdx': page('A', "import { toc } from './data.js';", '', '## Here', '', '<b>{toc}</b>'),
    });
    expect(byTag(a.tree, 'b').map(text)).toEqual(['mine']);
  });

  it("keeps a page's own `export const toc`", async () => {
    const a = await onlyPage({
      'docs/a.mdx': page(
        'A',
        "export const toc = [{ value: 'Elsewhere', id: 'elsewhere', level: 2 }];",
        "import TOCInline from '@theme/TOCInline';",
        '',
        '## Here',
        '',
        '<TOCInline toc={toc} />',
      ),
    });
    expect(byTag(a.tree, 'a').map((link) => link.p?.href)).toEqual(['#elsewhere']);
  });

  it('takes its default levels from themeConfig.tableOfContents, as Docusaurus does', async () => {
    const siteDir = await writeSite({
      'docusaurus.config.js':
        "module.exports = { title: 'T', url: 'https://t.test', baseUrl: '/', themeConfig: { tableOfContents: { maxHeadingLevel: 4 } } };",
      'docs/a.mdx': page(
        'A',
        "import TOCInline from '@theme/TOCInline';",
        '',
        '<TOCInline toc={toc} />',
        '',
        '## Two',
        '#### Four',
      ),
    });
    const [a] = (await buildSite(siteDir)).pages;
    expect(byTag(a!.tree, 'a').map((link) => link.p?.href)).toEqual(['#two', '#four']);
  });

  it('leaves the list out of search records: its headings are records already', async () => {
    const site = await buildSite(
      await writeSite({
        'docs/a.mdx': page(
          'A',
          "import TOCInline from '@theme/TOCInline';",
          '',
          '<TOCInline toc={toc} />',
          '',
          '## Zebra',
        ),
      }),
    );
    expect(site.records.filter((record) => JSON.stringify(record).includes('Zebra')).map((r) => r.type)).toEqual([
      'lvl2',
    ]);
  });

  it('fails naming the page when <TOCInline> is given no toc', async () => {
    const siteDir = await writeSite({
      'docs/a.mdx': page('A', "import TOCInline from '@theme/TOCInline';", '', '<TOCInline />'),
    });
    const error = (await expectBuildFailure(siteDir)).onlyError();
    expect([error.file, error.line]).toEqual(['docs/a.mdx', 7]);
    expect(error.problem).toMatch(/<TOCInline> needs the page's headings: write <TOCInline toc=\{toc\} \/>/);
  });
});

describe('@theme/CodeBlock in JSX', () => {
  it('comes out exactly as the same code in a Markdown fence', async () => {
    const code = 'const answer = 42;\nconsole.log(answer);';
    const a = await onlyPage({
      'docs/a.mdx': page(
        'A',
        "import CodeBlock from '@theme/CodeBlock';",
        '',
        '```ts title="answer.ts" showLineNumbers {2}',
        code,
        '```',
        '',
        `<CodeBlock language="ts" title="answer.ts" showLineNumbers metastring="{2}">{${JSON.stringify(code)}}</CodeBlock>`,
      ),
    });
    const [fence, jsx] = byTag(a.tree, 'pre');
    expect(jsx).toBeDefined();
    expect(withoutKeys(jsx)).toEqual(withoutKeys(fence));
    expect(byTag(a.tree, 'CodeBlock')).toEqual([]);
  });

  it('reads the language from className and shows a language Shiki does not know as plain text', async () => {
    const a = await onlyPage({
      'docs/a.mdx': page(
        'A',
        "import CodeBlock from '@theme/CodeBlock';",
        '',
        '<CodeBlock className="language-python">{"print(1)"}</CodeBlock>',
        '',
        '<CodeBlock language="no-such-language">{"plain words"}</CodeBlock>',
      ),
    });
    const [python, plain] = byTag(a.tree, 'pre');
    expect(python!.p?.['data-language']).toBe('python');
    // Highlighted: `print` and `1` are coloured tokens (text in the default colour is left plain).
    expect(byTag(python!.c!, 'span').length).toBeGreaterThanOrEqual(2);
    expect(plain!.p?.['data-language']).toBe('text');
    expect(byTag(plain!.c!, 'span')).toEqual([]);
    expect(text(plain!)).toBe('plain words');
  });

  it('fails naming the page and the fix when a raw-loader import names no file', async () => {
    const siteDir = await writeSite({
      'docs/a.mdx': page('A', "import source from '!!raw-loader!./missing.js';", '', '{source}'),
    });
    (await expectBuildFailure(siteDir)).onlyError({
      file: 'docs/a.mdx',
      line: 5,
      problem: /^raw-loader: no file .*missing\.js$/,
      fix: /relative to this page/,
    });
  });
});

describe('@docusaurus/useBaseUrl and useDocusaurusContext', () => {
  it('gives site paths, absolute URLs on the configured url, and leaves external URLs alone', async () => {
    const a = await onlyPage({
      'site.config.ts': "export default { title: 'Own Title', url: 'https://own.example.test' };",
      'docs/a.mdx': page(
        'A',
        "import useBaseUrl, { useBaseUrlUtils } from '@docusaurus/useBaseUrl';",
        "import useDocusaurusContext from '@docusaurus/useDocusaurusContext';",
        "import useIsBrowser from '@docusaurus/useIsBrowser';",
        '',
        "export const Urls = () => <ul>{[useBaseUrl('img/a.png'), useBaseUrl('/img/a.png', { absolute: true }), useBaseUrl('https://x.test/a'), useBaseUrlUtils().withBaseUrl('#top')].map((url) => <li key={url}>{url}</li>)}</ul>;",
        'export const Title = () => { const { siteConfig } = useDocusaurusContext(); return <p className="title">{siteConfig.title} {siteConfig.baseUrl} {JSON.stringify(siteConfig.customFields)} {String(useIsBrowser())}</p>; };',
        '',
        '<Urls />',
        '',
        '<Title />',
      ),
    });
    expect(byTag(a.tree, 'li').map(text)).toEqual([
      '/img/a.png',
      'https://own.example.test/img/a.png',
      'https://x.test/a',
      '#top',
    ]);
    expect(text(findAll(a.tree, (element) => element.p?.className === 'title')[0]!)).toBe('Own Title / {} false');
  });
});

describe('@docusaurus/Link', () => {
  it('fails on a literal link to a route no page has, naming the line, as for Markdown links', async () => {
    const siteDir = await writeSite({
      'docs/a.mdx': page('A', "import Link from '@docusaurus/Link';", '', 'See <Link to="/nowhere">this</Link>.'),
    });
    (await expectBuildFailure(siteDir)).onlyError({
      file: 'docs/a.mdx',
      line: 7,
      problem: /broken link: \/nowhere/,
      fix: /link to an existing route/,
    });
  });

  it('leaves out the props that only steer client-side routing', async () => {
    const a = await onlyPage({
      'docs/b.md': page('B', 'Text.'),
      'docs/a.mdx': page(
        'A',
        "import Link from '@docusaurus/Link';",
        '',
        '<Link to="./b.md" isNavLink activeClassName="on" className="more">B</Link>',
      ),
    });
    expect(byTag(a.tree, 'a')).toEqual([{ t: 'a', p: { className: 'more', href: '/b' }, c: ['B'] }]);
  });
});

describe('@docusaurus/BrowserOnly', () => {
  it('keeps the fallback and warns, naming the page and the line', async () => {
    const siteDir = await writeSite({
      'docs/a.mdx': page(
        'A',
        "import BrowserOnly from '@docusaurus/BrowserOnly';",
        '',
        'Before.',
        '',
        '<BrowserOnly fallback={<em>Loading the demo</em>}>{() => <div>{window.innerWidth}</div>}</BrowserOnly>',
        '',
        '<BrowserOnly>{() => <div>no fallback</div>}</BrowserOnly>',
      ),
    });
    const site = await buildSite(siteDir);
    const [a] = site.pages;
    expect(byTag(a!.tree, 'em').map(text)).toEqual(['Loading the demo']);
    expect(JSON.stringify(a!.tree)).not.toMatch(/BrowserOnly|no fallback/);
    const warnings = site.warnings.filter((warning) => /BrowserOnly/.test(warning.problem));
    expect(warnings.map((warning) => [warning.file, warning.line])).toEqual([['docs/a.mdx', 9]]);
    expect(warnings[0]!.problem).toMatch(/the fallbacks of all 2 are shown instead/);
  });
});

describe('@theme/ThemedImage', () => {
  it('fails naming the page when a theme has no image', async () => {
    const siteDir = await writeSite({
      'docs/a.mdx': page(
        'A',
        "import ThemedImage from '@theme/ThemedImage';",
        '',
        '<ThemedImage alt="x" sources={{ light: "/a.png" }} />',
      ),
    });
    const error = (await expectBuildFailure(siteDir)).onlyError();
    expect([error.file, error.line]).toEqual(['docs/a.mdx', 7]);
    expect(error.problem).toMatch(/<ThemedImage> needs sources=\{\{ light: .*, dark: .* \}\}/);
  });
});

describe('JSX given as a prop', () => {
  it('is stored as page content, while plain objects and lists stay data', async () => {
    const a = await onlyPage({
      'docs/a.mdx': page(
        'A',
        "import Details from '@theme/Details';",
        '',
        '<Details summary={<>Why <em>now</em>?</>} data-list={[1, 2]}>Body</Details>',
        '',
        "<Details summary={['a', 'b'].map((letter) => <code key={letter}>{letter}</code>)}>Letters</Details>",
      ),
    });
    const [why, letters] = byTag(a.tree, 'Details');
    expect(why!.p).toEqual({ summary: { $content: ['Why ', { t: 'em', c: ['now'] }, '?'] }, 'data-list': [1, 2] });
    expect(letters!.p?.summary).toEqual({
      $content: [
        { t: 'code', c: ['a'] },
        { t: 'code', c: ['b'] },
      ],
    });
  });
});

describe('@theme/Tabs queryString', () => {
  const tabs = (attributes: string) =>
    page(
      'A',
      "import Tabs from '@theme/Tabs';",
      "import TabItem from '@theme/TabItem';",
      '',
      `<Tabs ${attributes}>`,
      '  <TabItem value="npm">npm</TabItem>',
      '  <TabItem value="yarn">Yarn</TabItem>',
      '</Tabs>',
    );

  it('fails the page that asks for a query parameter without naming one, at the Tabs line', async () => {
    (await expectBuildFailure(await writeSite({ 'docs/a.mdx': tabs('queryString') }))).onlyError({
      file: 'docs/a.mdx',
      line: 8,
      problem: /queryString.*no parameter name/,
      fix: /groupId=.*queryString="/,
    });
  });

  it('takes the name from groupId or from queryString itself', async () => {
    const a = await onlyPage({ 'docs/a.mdx': tabs('groupId="pm" queryString') });
    expect(byTag(a.tree, 'Tabs')[0]!.p).toMatchObject({ groupId: 'pm', queryString: true });
    const b = await onlyPage({ 'docs/a.mdx': tabs('queryString="manager"') });
    expect(byTag(b.tree, 'Tabs')[0]!.p).toMatchObject({ queryString: 'manager' });
  });
});

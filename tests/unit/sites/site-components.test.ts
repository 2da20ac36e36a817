// Step "compile" on pages that import the site's own React components ("islands"): the tree
// holds each one as the build rendered it, the browser bundle gets a chunk for those that need
// one, and a component that cannot be imported or rendered fails its own page with file, line and
// fix.

import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isIsland, type IslandProps } from '../../../client/contract/islands.ts';
import { kvKeys } from '../../../client/contract/storage.ts';
import type { BrokenPage, PageData, TreeElement } from '../../../client/contract/page.ts';
import { bundleClient } from '../../../scripts/compiler/assets/client-bundle.ts';
import { defaultSiteConfig } from '../../../scripts/compiler/config/resolve-config.ts';
import { BuildErrors } from '../../../scripts/compiler/errors.ts';
import { pageContext } from '../../../scripts/compiler/compile/page-context.ts';
import { buildSite, devBuildSite, expectBuildError, page, writeSite } from '../support/sites.ts';
import { expectBuildFailure } from '../support/build-failure.ts';
import { byTag, findAll, text } from '../support/tree.ts';

const fixture = 'tests/fixtures/docusaurus-islands';

const islands = (tree: PageData['tree']) =>
  findAll(tree, (element) => isIsland(element)).map((element) => (element as TreeElement & { p: IslandProps }).p);

const counter = [
  "import { useState } from 'react';",
  'export default function Counter({ start = 0 }) {',
  '  const [count, setCount] = useState(start);',
  '  return <button type="button" onClick={() => setCount(count + 1)}>Count {count}</button>;',
  '}',
  '',
].join('\n');

describe('a page that imports site components', () => {
  it('keeps each component as an island: module, export, props and the HTML React rendered', async () => {
    const site = await buildSite(fixture);
    const counterPage = site.pages.find((p) => p.route === '/docs/counter')!;
    const [island] = islands(counterPage.tree);
    expect(island).toMatchObject({
      island: 'src/components/Counter.jsx',
      export: 'default',
      props: { start: 3, label: 'Presses' },
    });
    // useState ran on the server render: the count shows its start.
    expect(island!.html).toMatch(/<button type="button" class="Counter_button_\w+">Presses<!-- -->: <span/);
    expect(counterPage.islands).toEqual(['src/components/Counter.jsx']);
  });

  it('gives a component MDX children as content, and leaves helpers, JSON and plain pages as they were', async () => {
    const site = await buildSite(fixture);
    const gallery = site.pages.find((p) => p.route === '/docs/gallery')!;
    const card = islands(gallery.tree).find((island) => island.export === 'Card')!;
    expect(card.island).toBe('src/components/Card.js');
    const children = card.props.children as { $content: PageData['tree'] };
    expect(byTag(children.$content, 'strong').map(text)).toEqual(['Markdown']);
    expect(card.html).toContain('<div class="card-body"><p>Some <strong>Markdown</strong>');
    // @theme/Admonition inside a site component is the theme's own.
    expect(card.html).toMatch(/<aside class="admonition admonition-tip" aria-label="Card tip">/);
    expect(islands(gallery.tree).map((island) => island.island)).toEqual([
      'src/components/Badge.jsx',
      'src/components/Card.js',
      'docs/components/Note.jsx',
    ]);
    // A function called in an expression is no island; a JSON import is data.
    expect(text(byTag(gallery.tree, 'p')[0]!)).toBe('Latest release: 4.2.0. QUIET!');
    expect(site.pages.find((p) => p.route === '/docs/intro')!.islands).toBeUndefined();
  });

  it("keeps the content a page gives a component in the page's Markdown and search records", async () => {
    const site = await buildSite(fixture);
    const target = site.routeTargets.get('/docs/gallery') as { markdown: string };
    const markdown = site.entry(kvKeys.markdown(target.markdown))!;
    expect(markdown).toContain(
      'Some **Markdown** inside the card, with a [link](https://islands.example.test/docs/intro).',
    );
    expect(markdown).toContain('A note beside the docs.');
    const contents = site.records.filter((record) => record.url.includes('/docs/gallery')).map((r) => r.content);
    expect(contents).toEqual(
      expect.arrayContaining(['Some Markdown inside the card, with a link.', 'A note beside the docs.']),
    );
  });

  it('renders an island given to another as content inside it, marked as an island of its own', async () => {
    const siteDir = await writeSite({
      'src/components/Box.jsx':
        'export default function Box({ children }) { return <div className="box">{children}</div>; }\n',
      'src/components/Counter.jsx': counter,
      'docs/a.mdx': page(
        'A',
        "import Box from '@site/src/components/Box';",
        "import Counter from '@site/src/components/Counter';",
        '',
        '<Box><Counter start={2} /></Box>',
      ),
    });
    const [a] = (await buildSite(siteDir)).pages;
    const [box] = islands(a!.tree);
    expect(box!.html).toMatch(
      /^<div class="box"><self-island data-island="src\/components\/Counter.jsx" data-export="default" data-props="\{&quot;start&quot;:2\}"><button type="button">Count <!-- -->2<\/button><\/self-island><\/div>$/,
    );
    expect(a!.islands).toEqual(['src/components/Counter.jsx', 'src/components/Box.jsx']);
  });
});

describe('site components beside the site folder', () => {
  it('makes an island of docs/components/ when the docs folder is ../docs, as website/ beside docs/ has it', async () => {
    const root = await writeSite({
      'website/docusaurus.config.js': [
        'module.exports = {',
        "  title: 'Split', url: 'https://split.test', baseUrl: '/',",
        "  presets: [['classic', { docs: { path: '../docs' } }]],",
        '};',
        '',
      ].join('\n'),
      'docs/components/Counter.jsx': counter,
      'docs/a.mdx': page('A', "import Counter from './components/Counter';", '', '<Counter start={4} />'),
    });
    const site = await buildSite(join(root, 'website'));
    const [island] = islands(site.pages[0]!.tree);
    expect(island).toMatchObject({ island: '../docs/components/Counter.jsx', export: 'default' });
    // Its useState ran in React's render: no longer called as a plain function by the page.
    expect(island!.html).toBe('<button type="button">Count <!-- -->4</button>');
    const bundle = await bundleClient({
      siteDir: join(root, 'website'),
      modules: ['../docs/components/Counter.jsx'],
      pageContext: pageContext(defaultSiteConfig),
    });
    expect(bundle.islands['../docs/components/Counter.jsx']!.script).toMatch(/\.js$/);
  });
});

describe('@docusaurus/theme-common in a site component', () => {
  it('renders useColorMode in light mode, as Docusaurus renders on the server, and ships the script', async () => {
    const siteDir = await writeSite({
      'src/components/ModeName.jsx': [
        "import { useColorMode } from '@docusaurus/theme-common';",
        'export default function ModeName() {',
        '  const { colorMode, isDarkTheme } = useColorMode();',
        '  return <em data-dark={String(isDarkTheme)}>{colorMode}</em>;',
        '}',
        '',
      ].join('\n'),
      'docs/a.mdx': page('A', "import ModeName from '@site/src/components/ModeName';", '', '<ModeName />'),
    });
    const [a] = (await buildSite(siteDir)).pages;
    expect(islands(a!.tree).map((island) => island.html)).toEqual(['<em data-dark="false">light</em>']);
    const bundle = await bundleClient({
      siteDir,
      modules: ['src/components/ModeName.jsx'],
      pageContext: pageContext(defaultSiteConfig),
    });
    // It follows the reader's mode in the browser, so it hydrates.
    expect(bundle.islands['src/components/ModeName.jsx']!.script).toMatch(/\.js$/);
  });
});

describe('@docusaurus/ExecutionEnvironment', () => {
  it('answers false where the build renders a site component and a page, as Docusaurus renders on the server', async () => {
    const siteDir = await writeSite({
      'src/components/Where.jsx': [
        "import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';",
        'export default function Where() {',
        "  return <em>{ExecutionEnvironment.canUseDOM ? 'browser' : 'server'}</em>;",
        '}',
        '',
      ].join('\n'),
      'docs/a.mdx': page(
        'A',
        "import Where from '@site/src/components/Where';",
        "import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';",
        '',
        '<Where />',
        '',
        '<p className="page">{String(ExecutionEnvironment.canUseViewport)}</p>',
      ),
    });
    const [a] = (await buildSite(siteDir)).pages;
    expect(islands(a!.tree).map((island) => island.html)).toEqual(['<em>server</em>']);
    expect(findAll(a!.tree, (element) => element.p?.className === 'page').map(text)).toEqual(['false']);
  });
});

describe('@theme/MDXComponents/A', () => {
  it("renders Docusaurus's link of MDX, in a site component and in a page", async () => {
    const siteDir = await writeSite({
      'src/components/Next.jsx': [
        "import A from '@theme/MDXComponents/A';",
        'export default function Next() {',
        '  return <A href="/docs/b" className="next">Next</A>;',
        '}',
        '',
      ].join('\n'),
      'docs/a.mdx': page(
        'A',
        "import Next from '@site/src/components/Next';",
        "import A from '@theme/MDXComponents/A';",
        '',
        '<Next />',
        '',
        '<A href="https://example.com/" className="out">Out</A>',
      ),
      'docs/b.md': page('B', 'The next page.'),
    });
    const [a] = (await buildSite(siteDir)).pages.filter((p) => p.source.endsWith('a.mdx'));
    expect(islands(a!.tree).map((island) => island.html)).toEqual(['<a class="next" href="/docs/b">Next</a>']);
    expect(findAll(a!.tree, (element) => element.p?.className === 'out').map((link) => link.p?.href)).toEqual([
      'https://example.com/',
    ]);
  });
});

describe('the browser bundle of the islands', () => {
  it('gives interactive modules a chunk and every module its stylesheet, with the class names the build used', async () => {
    const bundle = await bundleClient({
      siteDir: fixture,
      modules: ['docs/components/Note.jsx', 'src/components/Badge.jsx', 'src/components/Counter.jsx'],
      pageContext: pageContext(defaultSiteConfig),
    });
    const counterAssets = bundle.islands['src/components/Counter.jsx']!;
    expect(counterAssets.script).toMatch(/^\/assets\/island-\d+-Counter-\w+\.js$/);
    expect(bundle.files.has(counterAssets.script!.slice(1))).toBe(true);
    // Markup only: no script at all, but the stylesheet it imports.
    expect(bundle.islands['src/components/Badge.jsx']!.script).toBeUndefined();
    expect(bundle.islands['src/components/Badge.jsx']!.styles).toHaveLength(1);
    expect(bundle.islands['docs/components/Note.jsx']).toEqual({ styles: [] });
    // The minified bundle keeps the CSS module's class names as the build's render wrote them.
    const css = new TextDecoder().decode(bundle.files.get(counterAssets.styles[0]!.slice(1)));
    const site = await buildSite(fixture);
    const [island] = islands(site.pages.find((p) => p.route === '/docs/counter')!.tree);
    const buttonClass = /class="(Counter_button_\w+)"/.exec(island!.html)![1]!;
    expect(css).toContain(`.${buttonClass}{border:2px solid`);
    // An image a component imports: the URL in the build's HTML is a file of the browser bundle.
    const [badge] = islands(site.pages.find((p) => p.route === '/docs/gallery')!.tree);
    const image = /<img src="\/(assets\/badge-dot-\w+\.png)"/.exec(badge!.html)?.[1];
    expect(image && bundle.files.has(image)).toBe(true);
  });
});

describe('Sass in site components', () => {
  it('compiles a .module.scss and a plain .scss, with the same class names in the build and the browser bundle', async () => {
    const siteDir = await writeSite({
      'src/components/Card/styles.module.scss':
        '$edge: 3px;\n.card { border: $edge solid; .title { font-weight: 700; } }\n',
      'src/components/Card/plain.scss': '$gap: 8px;\n.card-row { gap: $gap; }\n',
      'src/components/Card/index.jsx': [
        "import { useState } from 'react';",
        "import styles from './styles.module.scss';",
        "import './plain.scss';",
        'export default function Card() {',
        '  const [open, setOpen] = useState(false);',
        '  return <div className={styles.card} onClick={() => setOpen(!open)}><b className={styles.title}>Card</b></div>;',
        '}',
        '',
      ].join('\n'),
      'docs/a.mdx': page('A', "import Card from '@site/src/components/Card';", '', '<Card />'),
    });
    const [a] = (await buildSite(siteDir)).pages;
    const [card] = islands(a!.tree);
    const cardClass = /<div class="(styles_\w*card_\w+)"/.exec(card!.html)?.[1];
    const titleClass = /<b class="(styles_\w*title_\w+)"/.exec(card!.html)?.[1];
    expect(cardClass && titleClass).toBeTruthy();
    const bundle = await bundleClient({
      siteDir,
      modules: ['src/components/Card/index.jsx'],
      pageContext: pageContext(defaultSiteConfig),
    });
    const [stylesheet] = bundle.islands['src/components/Card/index.jsx']!.styles;
    const css = new TextDecoder().decode(bundle.files.get(stylesheet!.slice(1)));
    expect(css).toContain(`.${cardClass}{border:3px solid}`);
    expect(css).toContain(`.${cardClass} .${titleClass}{font-weight:700}`);
    expect(css).toContain('.card-row{gap:8px}');
  });

  it('leaves url(/img/…) in a CSS module to the static folder, as Docusaurus does', async () => {
    const siteDir = await writeSite({
      'static/img/banner.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
      'src/components/Hero/styles.module.css': ".hero { background: url('/img/banner.svg') center; }\n",
      'src/components/Hero/index.jsx': [
        "import styles from './styles.module.css';",
        'export default function Hero() {',
        '  return <div className={styles.hero}>Hero</div>;',
        '}',
        '',
      ].join('\n'),
      'docs/a.mdx': page('A', "import Hero from '@site/src/components/Hero';", '', '<Hero />'),
    });
    const built = await buildSite(siteDir);
    expect(built.pages.map((each) => each.route)).toEqual(['/a']);
    const bundle = await bundleClient({
      siteDir,
      modules: ['src/components/Hero/index.jsx'],
      pageContext: pageContext(defaultSiteConfig),
    });
    const [stylesheet] = bundle.islands['src/components/Hero/index.jsx']!.styles;
    expect(new TextDecoder().decode(bundle.files.get(stylesheet!.slice(1)))).toContain('url(/img/banner.svg)');
  });
});

describe('errors in site components', () => {
  it('names the file and line of a component that cannot run in the browser', async () => {
    const siteDir = await writeSite({
      'src/components/Disk.jsx': [
        'export { Disk as default };',
        "import { readFileSync } from 'node:fs';",
        'function Disk() {',
        "  return <pre>{String(readFileSync('/etc/hostname'))}</pre>;",
        '}',
        '',
      ].join('\n'),
    });
    const failure = await expectBuildFailure(
      bundleClient({ siteDir, modules: ['src/components/Disk.jsx'], pageContext: pageContext(defaultSiteConfig) }),
    );
    expect(failure.thrown).toBeInstanceOf(BuildErrors);
    expectBuildError(failure.errors[0]!, {
      file: 'src/components/Disk.jsx',
      line: 2,
      problem: /a site component cannot be bundled for the browser: Could not resolve "node:fs"/,
      fix: /import only browser-safe modules/,
    });
  });

  it('fails only the page whose import cannot be resolved, at the import line', async () => {
    const siteDir = await writeSite({
      'src/components/Counter.jsx': counter,
      'docs/good.mdx': page('Good', "import Counter from '@site/src/components/Counter';", '', '<Counter />'),
      'docs/bad.mdx': page('Bad', "import Missing from '@site/src/components/Missing';", '', '<Missing />'),
    });
    const site = await devBuildSite(siteDir);
    expect(site.pages.map((p) => p.route)).toEqual(['/good']);
    const target = site.routeTargets.get('/bad')!;
    const broken = JSON.parse(site.entry(kvKeys.broken((target as { broken: string }).broken))!) as BrokenPage;
    expect(broken.problems).toEqual([
      expect.objectContaining({ file: 'docs/bad.mdx', line: 5, problem: expect.stringMatching(/Could not resolve/) }),
    ]);
    expect(broken.problems[0]!.fix).toMatch(/point the import at a file that exists/);
  });

  it('names the component, its module and the page line when it throws while rendering', async () => {
    const siteDir = await writeSite({
      'src/components/Broken.jsx': "export default function Broken() { throw new Error('no data'); }\n",
      'docs/a.mdx': page('A', "import Broken from '@site/src/components/Broken';", '', 'Text.', '', '<Broken />'),
    });
    (await expectBuildFailure(siteDir)).onlyError({
      file: 'docs/a.mdx',
      line: 9,
      problem: /the site component <Broken> \(src\/components\/Broken\.jsx\) failed to render: no data/,
      fix: /fix src\/components\/Broken\.jsx/,
    });
  });

  it('says that a function cannot be given to a site component as a prop', async () => {
    const siteDir = await writeSite({
      'src/components/Counter.jsx': counter,
      'docs/a.mdx': page(
        'A',
        "import Counter from '@site/src/components/Counter';",
        '',
        '<Counter onPick={() => 1} />',
      ),
    });
    const error = (await expectBuildFailure(siteDir)).onlyError();
    expect(error.file).toBe('docs/a.mdx');
    expect(error.problem).toMatch(/<Counter onPick=\{…\}> passes a function; .* props must be plain values/);
  });

  it('names a @docusaurus module a site component imports that has no React version here', async () => {
    const siteDir = await writeSite({
      'src/components/Head.jsx':
        "import Head from '@docusaurus/Header';\nexport default function X() { return <Head />; }\n",
      'docs/a.mdx': page('A', "import X from '@site/src/components/Head';", '', '<X />'),
    });
    const error = (await expectBuildFailure(siteDir)).onlyError();
    expect(error.file).toBe('src/components/Head.jsx');
    expect(error.line).toBe(1);
    expect(error.problem).toBe('unknown import @docusaurus/Header in the site component src/components/Head.jsx');
    expect(error.fix).toMatch(/@docusaurus\/Link, @docusaurus\/useBaseUrl/);
  });
});

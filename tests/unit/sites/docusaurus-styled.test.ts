// A Docusaurus site's own look at build time: customCss bundled after our CSS with Infima's
// properties carried onto our tokens per theme, and the config's head tags checked against what
// the CSP can allow (one warning per tag it cannot).

import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { siteHead } from '../../../scripts/compiler/config/head-tags.ts';
import { infimaBridge } from '../../../scripts/compiler/assets/site-styles.ts';
import { buildSite, page, writeSite, type BuiltSite } from '../support/sites.ts';

describe('the styled fixture site', () => {
  let result: BuiltSite;
  let css: string;

  beforeAll(async () => {
    result = await buildSite('tests/fixtures/docusaurus-styled');
    const url = result.manifest.assets.styles.at(-1)!;
    css = await readFile(join(result.outDir, 'client', url), 'utf8');
  });

  it('bundles every customCss file, in order, imports inlined and static paths kept', () => {
    expect(result.manifest.assets.styles.at(-1)).toMatch(/^\/assets\/site-[0-9A-Z]{8}\.css$/);
    expect(css).toMatch(/^@import"https:\/\/fonts\.googleapis\.com\/css2\?family=Brand\+Sans";/);
    const order = ['--ifm-font-family-base', '--ifm-color-primary:', '.hero-banner', '.markdown h1'];
    const at = order.map((text) => css.indexOf(text));
    expect(at.every((index) => index >= 0)).toBe(true);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
    expect(css).toContain('url(/img/pattern.svg)');
  });

  it('carries the site’s Infima properties onto our tokens, per theme', () => {
    expect(css).toContain(':root,:root[data-theme]{--accent:var(--ifm-color-primary);--link:var(--ifm-color-primary)');
    expect(css).toContain('--link-hover:var(--ifm-color-primary-dark)');
    expect(css).toContain('--font-base:var(--ifm-font-family-base);--font-mono:var(--ifm-font-family-monospace)');
    expect(css).toContain('--code-font-size:var(--ifm-code-font-size);--navbar-height:var(--ifm-navbar-height)');
    // Set only for the dark theme, so the light theme keeps its own background.
    expect(css).toContain(":root[data-theme='dark']{--bg:var(--ifm-background-color)");
  });

  it('no longer warns that custom CSS is not applied; warns once for each head tag it leaves out', () => {
    const warnings = result.warnings.map((warning) => `${warning.file}: ${warning.problem}`);
    expect(warnings.filter((warning) => /custom CSS/i.test(warning))).toEqual([]);
    expect(warnings).toEqual([
      'docusaurus.config.js: headTags[2]: an inline script is blocked by the pages’ Content Security Policy; it is left out',
      'docusaurus.config.js: headTags[3]: the event handler onload is an inline script, which the CSP blocks; it is left out',
      'docusaurus.config.js: headTags[4]: the script http://insecure.example.test/x.js is not served over https; it is left out',
      'docusaurus.config.js: headTags[5]: only link, meta, script and style tags are written into the head; it is left out',
    ]);
  });

  it('lists the origins the pages load from for the CSP', () => {
    expect(result.manifest.head?.sources).toEqual({
      script: ['https://analytics.example.test'],
      style: ['https://cdn.example.test', 'https://fonts.googleapis.com'],
      // Google Fonts' stylesheets name font files on a host of their own.
      font: ['https://cdn.example.test', 'https://fonts.googleapis.com', 'https://fonts.gstatic.com'],
    });
  });
});

describe('Infima properties onto our tokens', () => {
  it('sets nothing for CSS that declares no Infima property', () => {
    expect(infimaBridge('.navbar{color:red}')).toBe('');
  });

  it('keeps a light-only property to the light theme', () => {
    expect(infimaBridge("[data-theme='light']{--ifm-navbar-height:80px}")).toBe(
      ":root[data-theme='light']{--navbar-height:var(--ifm-navbar-height)}\n",
    );
  });

  it('takes a property set on :root and under the dark theme as set for both', () => {
    expect(infimaBridge(':root{--ifm-font-family-base:Serif}html[data-theme=dark]{--ifm-font-family-base:Sans}')).toBe(
      ':root,:root[data-theme]{--font-base:var(--ifm-font-family-base)}\n',
    );
  });
});

describe('customCss that cannot be used', () => {
  const site = (css: Record<string, string>, customCss: string) =>
    writeSite({
      'docs/intro.md': page('Intro', 'Hello.'),
      'docusaurus.config.js': `module.exports = { title: 'T', url: 'https://t.test', presets: [['classic', { docs: { routeBasePath: '/' }, theme: { customCss: ${customCss} } }]] };\n`,
      ...css,
    });

  it('warns about a file that does not exist, and builds', async () => {
    const result = await buildSite(await site({}, "'./src/css/missing.css'"));
    expect(result.warnings.map((warning) => warning.problem)).toContainEqual(
      "customCss names src/css/missing.css, which does not exist: the site's own styles are left out",
    );
    expect(result.manifest.assets.styles).toEqual([]);
  });

  it('compiles a Sass customCss file, its partials and ~package imports, as docusaurus-plugin-sass does', async () => {
    const result = await buildSite(
      await site(
        {
          'src/css/custom.scss': [
            "@use 'colours';",
            "@import '~brand/tokens';",
            ':root {',
            '  --ifm-color-primary: #{colours.$primary};',
            '}',
            '.hero {',
            '  .title { color: colours.$primary; background: url(/img/hero.svg); }',
            '}',
            '',
          ].join('\n'),
          'src/css/_colours.scss': '$primary: #2e8555;\n',
          'node_modules/brand/_tokens.scss': '.brand { font-weight: 700; }\n',
        },
        "'./src/css/custom.scss'",
      ),
    );
    expect(result.warnings.filter((warning) => /CSS/.test(warning.problem))).toEqual([]);
    const css = await readFile(join(result.outDir, 'client', result.manifest.assets.styles.at(-1)!), 'utf8');
    expect(css).toContain('.brand{font-weight:700}');
    expect(css).toMatch(/--ifm-color-primary: ?#2e8555/);
    expect(css).toContain('.hero .title{color:#2e8555;background:url(/img/hero.svg)}');
    // Carried onto our tokens like the same property written in CSS.
    expect(css).toContain('--accent:var(--ifm-color-primary)');
  });

  it('warns about Sass that does not compile, with the file and line, and builds', async () => {
    const result = await buildSite(
      await site({ 'src/css/custom.scss': '.a {\n  color: $undefined-colour;\n}\n' }, "'./src/css/custom.scss'"),
    );
    expect(result.warnings.map((warning) => warning.problem).join('\n')).toMatch(
      /the site's own CSS could not be bundled \(.*src\/css\/custom\.scss:2: Undefined variable\.\)/,
    );
  });

  it('warns about CSS that cannot be bundled, with the place, and builds', async () => {
    const result = await buildSite(
      await site({ 'src/css/custom.css': "@import './nowhere.css';\n" }, "'./src/css/custom.css'"),
    );
    expect(result.warnings.map((warning) => warning.problem).join('\n')).toMatch(
      /the site's own CSS could not be bundled \(.*src\/css\/custom\.css:1: Could not resolve "\.\/nowhere\.css"\)/,
    );
  });
});

describe('head tags', () => {
  it('turns stylesheets and scripts written as strings into tags, and keeps a style element', () => {
    const { head, warnings } = siteHead(
      {
        stylesheets: ['https://cdn.test/a.css'],
        scripts: ['/js/a.js'],
        headTags: [{ tagName: 'style', attributes: {}, innerHTML: 'body{margin:0}' }],
      },
      'docusaurus.config.js',
    );
    expect(warnings).toEqual([]);
    // headTags first, then stylesheets, then scripts.
    expect(head.tags).toEqual([
      { tagName: 'style', attributes: {}, innerHTML: 'body{margin:0}' },
      { tagName: 'link', attributes: { rel: 'stylesheet', href: 'https://cdn.test/a.css' } },
      { tagName: 'script', attributes: { src: '/js/a.js' } },
    ]);
    expect(head.sources).toEqual({ script: [], style: ['https://cdn.test'], font: ['https://cdn.test'] });
  });

  it('refuses a protocol-relative or javascript: script', () => {
    const { head, warnings } = siteHead(
      { scripts: ['//cdn.test/a.js', 'javascript:alert(1)'] },
      'docusaurus.config.js',
    );
    expect(head.tags).toEqual([]);
    expect(warnings).toHaveLength(2);
  });
});

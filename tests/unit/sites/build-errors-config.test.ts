// A wrong value in site.config.ts or docusaurus.config.js fails the build with the file it came
// from, the key path, what was found, what is expected and the fix; every problem at once.

import { describe, expect, it } from 'vitest';
import { buildSite, page, writeSite } from '../support/sites.ts';
import { expectBuildFailure } from '../support/build-failure.ts';

const docs = { 'docs/intro.md': page('Intro', 'Hello.') };

/** A site with site.config.ts exporting `config` (an object literal's source). */
function withSiteConfig(config: string) {
  return writeSite({ ...docs, 'site.config.ts': `export default ${config};\n` });
}

/** A Docusaurus site with docusaurus.config.js (CommonJS, as such sites write it). */
function withDocusaurusConfig(lines: string[]) {
  return writeSite({ ...docs, 'docusaurus.config.js': ['module.exports = {', ...lines, '};', ''].join('\n') });
}

describe('site.config.ts', () => {
  it('names docs.routeBasePath when it is a number, instead of serving routes under /5', async () => {
    expect((await expectBuildFailure(await withSiteConfig('{ docs: { routeBasePath: 5 } }'))).messages)
      .toMatchInlineSnapshot(`
      [
        "site.config.ts:1: docs.routeBasePath: found 5 (number), expected a path such as "/docs" or "/"
        fix: set docs.routeBasePath to a string such as "/docs", or "/" to serve docs from the site root",
      ]
    `);
  });

  it('names url when it is not a URL, instead of failing later with "Invalid URL"', async () => {
    expect((await expectBuildFailure(await withSiteConfig("{ url: 'not a url' }"))).messages).toMatchInlineSnapshot(`
      [
        "site.config.ts:1: url: found "not a url" (string), expected a full URL starting with http:// or https://
        fix: set url to the address the site is served from, such as "https://docs.example.com"",
      ]
    `);
  });

  it('names the navbar item whose href is not a link', async () => {
    const config = `{
  navbar: {
    items: [
      { label: 'Docs', href: '/intro' },
      { label: 'Blog', href: '/blog' },
      { label: 'GitHub', href: 5 },
    ],
  },
}`;
    expect((await expectBuildFailure(await withSiteConfig(config))).messages).toMatchInlineSnapshot(`
      [
        "site.config.ts:6: navbar.items[2].href: found 5 (number), expected a URL or a path starting with "/"
        fix: set navbar.items[2].href to a string such as "/docs/intro" or "https://example.com"",
      ]
    `);
  });

  it('suggests the key an unknown key was probably meant to be', async () => {
    expect((await expectBuildFailure(await withSiteConfig('{ navbar: { itmes: [] } }'))).messages)
      .toMatchInlineSnapshot(`
      [
        "site.config.ts:1: navbar.itmes: unknown key
        fix: rename navbar.itmes to navbar.items",
      ]
    `);
  });

  it('lists the known keys when an unknown key is like none of them', async () => {
    expect((await expectBuildFailure(await withSiteConfig("{ sidebar: 'left' }"))).messages).toMatchInlineSnapshot(`
      [
        "site.config.ts:1: sidebar: unknown key
        fix: remove sidebar; the keys are title, titleDelimiter, tagline, url, favicon, navbar, footer, colorMode, announcementBar, docs, onBrokenLinks, onBrokenMarkdownLinks, onBrokenAnchors, trailingSlash, markdown",
      ]
    `);
  });

  it('names a social icon that is not one of the built-in icons', async () => {
    const config =
      "{ footer: { social: [{ name: 'Mastodon', href: 'https://mastodon.social/@x', icon: 'mastodon' }] } }";
    expect((await expectBuildFailure(await withSiteConfig(config))).messages).toMatchInlineSnapshot(`
      [
        "site.config.ts:1: footer.social[0].icon: found "mastodon" (string), expected one of "discord", "github", "instagram", "link", "linkedin", "telegram", "x", "youtube"
        fix: set footer.social[0].icon to "link"",
      ]
    `);
  });

  it('asks for the content of an announcement bar', async () => {
    expect((await expectBuildFailure(await withSiteConfig("{ announcementBar: { id: 'bar-1' } }"))).messages)
      .toMatchInlineSnapshot(`
      [
        "site.config.ts:1: announcementBar.content: missing, expected a string
        fix: set announcementBar.content to a string such as "We just launched <a href=\\"/news\\">version 2</a>"",
      ]
    `);
  });

  it('says what to export when the file does not export an object', async () => {
    expect((await expectBuildFailure(await withSiteConfig("'SELF'"))).messages).toMatchInlineSnapshot(`
      [
        "site.config.ts: the exported configuration: found "SELF" (string), expected an object of settings
        fix: set the exported configuration to an object such as { title: 'My Docs' } (export default defineSiteConfig({ … }))",
      ]
    `);
  });

  it('reports every problem of the file together', async () => {
    const config = "{ title: 3, colorMode: { defaultMode: 'blue', disableSwitch: 'no' }, onBrokenLinks: 'explode' }";
    expect((await expectBuildFailure(await withSiteConfig(config))).messages).toMatchInlineSnapshot(`
      [
        "site.config.ts:1: title: found 3 (number), expected a string
        fix: set title to a string such as "My Docs"",
        "site.config.ts:1: colorMode.defaultMode: found "blue" (string), expected one of "light", "dark"
        fix: set colorMode.defaultMode to one of "light", "dark"",
        "site.config.ts:1: colorMode.disableSwitch: found "no" (string), expected true or false
        fix: set colorMode.disableSwitch to true or false",
        "site.config.ts:1: onBrokenLinks: found "explode" (string), expected one of "throw", "warn", "ignore"
        fix: set onBrokenLinks to "throw", "warn" or "ignore"",
      ]
    `);
  });

  it('names site.config.ts, not docusaurus.config.js, when the wrong value is in site.config.ts', async () => {
    const siteDir = await writeSite({
      ...docs,
      'docusaurus.config.js': "module.exports = { title: 'Docs', url: 'https://docs.example.test' };\n",
      'site.config.ts': "export default { url: 'docs.example.test' };\n",
    });
    expect((await expectBuildFailure(siteDir)).messages).toMatchInlineSnapshot(`
      [
        "site.config.ts:1: url: found "docs.example.test" (string), expected a full URL starting with http:// or https://
        fix: set url to the address the site is served from, such as "https://docs.example.com"",
      ]
    `);
  });
});

describe('docusaurus.config.js', () => {
  it('names url when it is not a URL', async () => {
    expect((await expectBuildFailure(await withDocusaurusConfig(["  title: 'Docs',", "  url: 'not a url',"]))).messages)
      .toMatchInlineSnapshot(`
        [
          "docusaurus.config.js:3: url: found "not a url" (string), expected a full URL starting with http:// or https://
          fix: set url to the address the site is served from, such as "https://docs.example.com"",
        ]
      `);
  });

  it("names the classic preset's docs.routeBasePath when it is a number", async () => {
    const siteDir = await withDocusaurusConfig([
      "  title: 'Docs',",
      "  presets: [['classic', { docs: { routeBasePath: 5 }, blog: false }]],",
    ]);
    expect((await expectBuildFailure(siteDir)).messages).toMatchInlineSnapshot(`
      [
        "docusaurus.config.js:3: presets[0][1].docs.routeBasePath: found 5 (number), expected a path such as "/docs" or "/"
        fix: set presets[0][1].docs.routeBasePath to a string such as "/docs", or "/" to serve docs from the site root",
      ]
    `);
  });

  it('names the path under themeConfig of a navbar item whose href is not a string', async () => {
    const siteDir = await withDocusaurusConfig([
      '  themeConfig: {',
      '    navbar: {',
      "      items: [{ to: '/intro', label: 'Docs' }, { href: 5, label: 'GitHub' }],",
      '    },',
      '  },',
    ]);
    expect((await expectBuildFailure(siteDir)).messages).toMatchInlineSnapshot(`
      [
        "docusaurus.config.js:4: themeConfig.navbar.items[1].href: found 5 (number), expected a URL or a path starting with "/"
        fix: set themeConfig.navbar.items[1].href to a string such as "/docs/intro" or "https://example.com"",
      ]
    `);
  });

  it('asks for the content of an announcement bar, as Docusaurus does', async () => {
    const siteDir = await withDocusaurusConfig([
      "  themeConfig: { announcementBar: { id: 'a1', isCloseable: 'yes' } },",
    ]);
    expect((await expectBuildFailure(siteDir)).messages).toMatchInlineSnapshot(`
      [
        "docusaurus.config.js:2: themeConfig.announcementBar.content: missing, expected a string
        fix: set themeConfig.announcementBar.content to a string such as "We just launched <a href=\\"/news\\">version 2</a>"",
        "docusaurus.config.js:2: themeConfig.announcementBar.isCloseable: found "yes" (string), expected true or false
        fix: set themeConfig.announcementBar.isCloseable to true or false",
      ]
    `);
  });

  it('names markdown.hooks.onBrokenMarkdownLinks when it is neither a severity nor a function', async () => {
    const siteDir = await withDocusaurusConfig(["  markdown: { hooks: { onBrokenMarkdownLinks: 'explode' } },"]);
    expect((await expectBuildFailure(siteDir)).messages).toMatchInlineSnapshot(`
      [
        "docusaurus.config.js:2: markdown.hooks.onBrokenMarkdownLinks: found "explode" (string), expected one of "ignore", "log", "warn", "throw", or a function
        fix: set markdown.hooks.onBrokenMarkdownLinks to "throw", "warn", "log" or "ignore"",
      ]
    `);
  });

  it('names docusaurus.config.js, not site.config.ts, when the wrong value is in docusaurus.config.js', async () => {
    const siteDir = await writeSite({
      ...docs,
      'docusaurus.config.js': "module.exports = { onBrokenLinks: 'explode' };\n",
      'site.config.ts': "export default { title: 'Mine' };\n",
    });
    expect((await expectBuildFailure(siteDir)).messages).toMatchInlineSnapshot(`
      [
        "docusaurus.config.js:1: onBrokenLinks: found "explode" (string), expected one of "ignore", "log", "warn", "throw"
        fix: set onBrokenLinks to "throw", "warn", "log" or "ignore"",
      ]
    `);
  });

  it('ignores the many keys we do not read, and reads "log" as a warning, as real Docusaurus configs need', async () => {
    const siteDir = await withDocusaurusConfig([
      "  title: 'Docs',",
      "  url: 'https://docs.example.test',",
      "  baseUrl: '/',",
      "  organizationName: 'example',",
      "  onBrokenLinks: 'log',",
      "  i18n: { defaultLocale: 'en', locales: ['en'] },",
      "  plugins: [['@docusaurus/plugin-ideal-image', { quality: 70 }]],",
      "  presets: [['classic', { docs: { routeBasePath: '/', editUrl: 'https://x.test' }, theme: { customCss: [] } }], false],",
      '  themeConfig: {',
      "    image: 'img/card.png',",
      "    navbar: { style: 'dark', items: [{ type: 'search', position: 'right' }, { type: 'docSidebar', sidebarId: 'docs', label: 'Docs' }] },",
      "    footer: { style: 'dark', links: [{ title: 'More', items: [{ html: '<b>x</b>' }, { label: 'Blog', to: 'blog' }] }] },",
      "    prism: { additionalLanguages: ['rust'] },",
      '  },',
    ]);
    const { manifest } = await buildSite(siteDir);
    expect(manifest.site).toMatchObject({
      onBrokenLinks: 'warn',
      docs: { routeBasePath: '/' },
      navbar: { items: [{ label: 'Docs', href: '/intro', position: 'left', external: false }] },
      footer: { links: [{ label: 'Blog', href: '/blog', newTab: false }] },
    });
  });

  it('names a navbar item that links to a sidebar or a doc the site does not have, as Docusaurus does', async () => {
    const siteDir = await withDocusaurusConfig([
      "  title: 'Docs',",
      '  themeConfig: {',
      '    navbar: {',
      '      items: [',
      "        { type: 'docSidebar', sidebarId: 'guides', label: 'Guides' },",
      "        { type: 'doc', docId: 'intro/start', label: 'Start' },",
      '      ],',
      '    },',
      '  },',
    ]);
    expect((await expectBuildFailure(siteDir)).messages).toMatchInlineSnapshot(`
      [
        "docusaurus.config.js:6: the navbar item of type "docSidebar" names sidebarId "guides", and there is no such sidebar
        fix: use one of the sidebars: docs",
        "docusaurus.config.js:7: the navbar item of type "doc" names docId "intro/start", and no doc has that id
        fix: use the id of an existing doc (its path under the docs folder without extension, e.g. "intro")",
      ]
    `);
  });
});

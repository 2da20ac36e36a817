// A site translated with Crowdin writes its navbar and footer labels as keys and gives their
// messages in i18n/<locale>/docusaurus-theme-classic/*.json, for the default locale too
// (tests/fixtures/docusaurus-translations, after AdguardTeam/KnowledgeBaseDNS). Readers see the
// messages, as under Docusaurus.

import { describe, expect, it } from 'vitest';
import type { BuildError } from '../../../scripts/compiler/errors.ts';
import { loadSiteConfig } from '../../../scripts/compiler/config/resolve-config.ts';
import { servedHtml } from '../support/served-html.ts';
import { buildSite, expectBuildError, writeSite, type BuiltSite } from '../support/sites.ts';

const fixture = 'tests/fixtures/docusaurus-translations';

let built: Promise<BuiltSite> | undefined;
const site = () => (built ??= buildSite(fixture));

describe('the default locale’s theme translations', () => {
  it('give the navbar’s title, logo text and item labels, a dropdown’s items included', async () => {
    const { navbar } = (await site()).manifest.site;
    expect(navbar.title).toBe('Knowledge Base');
    expect(navbar.logo?.alt).toBe('Example logo');
    expect(navbar.items.map((item) => [item.label, ...(item.items ?? []).map((inner) => inner.label)])).toEqual([
      ['Docs'],
      ['Blog'],
      ['More', 'Forum'],
      // A label the file does not translate stays as written.
      ['untranslated_key'],
    ]);
  });

  it('give the footer’s link labels and copyright, as the served page shows them', async () => {
    const { manifest, pages } = await site();
    expect(manifest.site.footer.links.map((link) => link.label)).toEqual(['Privacy Policy']);
    expect(manifest.site.footer.copyright).toBe('© Example Ltd.');
    const html = await servedHtml(
      manifest,
      pages.find((page) => page.route === '/')!,
    );
    expect(html).toContain('>© Example Ltd.<');
    expect(html).toContain('>Privacy Policy</a>');
    expect(html).not.toContain('privacy_policy');
  });

  it('are what the site’s components read in useDocusaurusContext()', async () => {
    const loaded = await loadSiteConfig(fixture);
    const config = loaded.docusaurusConfig as { themeConfig: { footer: { links: { title: string }[] } } };
    expect(config.themeConfig.footer.links[0]!.title).toBe('Engage');
  });

  it('stop the build at a translation file that is not JSON, naming it', async () => {
    const broken = await writeSite({
      'docusaurus.config.js': "module.exports = { title: 'T', url: 'https://t.example.com', themeConfig: {} };\n",
      'i18n/en/docusaurus-theme-classic/navbar.json': '{ "item.label.docs": ',
      'docs/intro.md': '# Intro\n',
    });
    const error = await loadSiteConfig(broken).catch((thrown: BuildError) => thrown);
    expectBuildError(error as BuildError, {
      file: 'i18n/en/docusaurus-theme-classic/navbar.json',
      problem: /not valid JSON/,
      fix: /fix the JSON/,
    });
  });
});

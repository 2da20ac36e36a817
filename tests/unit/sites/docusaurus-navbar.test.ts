// A Docusaurus site's navbar as Docusaurus draws it: a docs version dropdown only where the
// config's navbar has a `docsVersionDropdown` item (a site without one, most unversioned sites,
// showed ours anyway, a menu with one entry, "Next"), and items of type html with their HTML.

import { describe, expect, it } from 'vitest';
import { servedHtml } from '../support/served-html.ts';
import { buildSite } from '../support/sites.ts';

async function servedPage(fixture: string, route: string): Promise<string> {
  const { manifest, pages } = await buildSite(fixture);
  return servedHtml(
    manifest,
    pages.find((page) => page.route === route)!,
  );
}

describe('the docs version dropdown of a Docusaurus site', () => {
  it('is not in the navbar when the config’s navbar has no docsVersionDropdown item', async () => {
    const html = await servedPage('tests/fixtures/docusaurus-translations', '/');
    expect(html).toContain('class="navbar"');
    expect(html).not.toContain('version-menu');
  });

  it('is where the config asks for one', async () => {
    const html = await servedPage('tests/fixtures/docusaurus-versions', '/docs/guides/install');
    expect(html).toMatch(/<div class="version-menu">.*>2\.0<.*>1\.0</s);
  });
});

describe('a navbar item of type html', () => {
  it('is drawn with its HTML, in its place among the links', async () => {
    const html = await servedPage('tests/fixtures/docusaurus-site-root', '/');
    expect(html).toMatch(
      /<div class="navbar-items navbar-items-left">.*<div class="navbar-html"><span class="navbar-badge">v3<\/span><\/div><a class="navbar-link" href="\/">Docs<\/a>/s,
    );
  });
});

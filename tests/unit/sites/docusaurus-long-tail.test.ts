// What large Docusaurus sites' own code does beyond the documented client API
// (tests/fixtures/docusaurus-long-tail, after facebook/react-native-website): site components
// that import Markdown files and render them as components, navbar dropdowns, and the site's own
// plugins, run for the global data its components read.

import { describe, expect, it } from 'vitest';
import { isIsland, type IslandProps } from '../../../client/contract/islands.ts';
import type { PageData, TreeElement } from '../../../client/contract/page.ts';
import { bundleClient } from '../../../scripts/compiler/assets/client-bundle.ts';
import { defaultSiteConfig } from '../../../scripts/compiler/config/resolve-config.ts';
import { pageContext } from '../../../scripts/compiler/compile/page-context.ts';
import { servedHtml } from '../support/served-html.ts';
import { buildSite, type BuiltSite } from '../support/sites.ts';
import { findAll } from '../support/tree.ts';

const fixture = 'tests/fixtures/docusaurus-long-tail';

let built: Promise<BuiltSite> | undefined;
const site = () => (built ??= buildSite(fixture));
const pageAt = async (route: string) => (await site()).pages.find((page) => page.route === route)!;
const islandsOf = (tree: PageData['tree']) =>
  (findAll(tree, isIsland) as (TreeElement & { p: IslandProps })[]).map((island) => island.p);

describe('site components that import Markdown', () => {
  it('render a doc imported by a component in a partial, as the doc itself is written', async () => {
    const [ios, android] = islandsOf((await pageAt('/docs/platforms')).tree);
    expect(ios).toMatchObject({ island: 'docs/_platforms.jsx', export: 'PlatformIOS' });
    expect(ios!.html).toContain('<p>Open <strong>Xcode</strong> and run the <code>ios</code> scheme.</p>');
    expect(ios!.html).toMatch(/<aside class="admonition admonition-tip"[^>]*>.*Use a simulator\./);
    expect(android!.html).toMatch(/^<p>Open Android Studio\.<\/p>/);
  });

  it('render a Markdown table a React page’s component imports, with the file’s toc', async () => {
    const versions = await pageAt('/versions');
    const [page] = islandsOf(versions.tree);
    expect(page!.html).toContain('<h1>Versions</h1>');
    expect(page!.html).toMatch(/<table>.*<th>Version<\/th>.*<td>0\.81<\/td>.*<td>Active<\/td>/s);
    // Its other exports too: the headings it holds, as `toc`.
    expect(page!.html).toContain('<p class="releases-toc">Releases</p>');
  });

  it('bundle such a component for the browser, where it keeps the build’s HTML and loads no script', async () => {
    const bundle = await bundleClient({
      siteDir: fixture,
      modules: ['docs/_platforms.jsx', 'src/components/ReleasesTable.jsx'],
      pageContext: pageContext(defaultSiteConfig),
    });
    expect(bundle.islands['docs/_platforms.jsx']).toEqual({ styles: [] });
    expect(bundle.islands['src/components/ReleasesTable.jsx']).toEqual({ styles: [] });
  });
});

describe('a navbar dropdown', () => {
  it('keeps its links, doc items resolved to their pages, in the site’s navbar', async () => {
    const { manifest } = await site();
    expect(manifest.site.navbar.items).toEqual([
      {
        label: 'Development',
        href: '/docs/intro',
        position: 'right',
        external: false,
        items: [
          { label: 'Guides', href: '/docs/intro', external: false },
          // A doc item without a label takes the doc's id, as in Docusaurus.
          { label: 'platforms', href: '/docs/platforms', external: false },
          { label: 'Versions', href: '/versions', external: false },
          { label: 'Source', href: 'https://github.com/example/long-tail', external: true },
        ],
      },
      { label: 'All versions', href: '/versions', position: 'right', external: false },
    ]);
  });

  it('is served as a button over the list of its links', async () => {
    const { manifest } = await site();
    const page = await pageAt('/docs/intro');
    const html = await servedHtml(manifest, page);
    const dropdown = /<div class="navbar-dropdown">(.*?)<\/div>/.exec(html)?.[1] ?? '';
    expect(dropdown).toMatch(
      /^<button type="button" class="navbar-link navbar-dropdown-button" aria-haspopup="true">Development/,
    );
    expect(
      [...dropdown.matchAll(/<a class="version-item" href="([^"]*)"[^>]*>([^<]*)<\/a>/g)].map((m) => [m[2], m[1]]),
    ).toEqual([
      ['Guides', '/docs/intro'],
      ['platforms', '/docs/platforms'],
      ['Versions', '/versions'],
      ['Source', 'https://github.com/example/long-tail'],
    ]);
    expect(html).toContain(
      '<a class="version-item" href="https://github.com/example/long-tail" target="_blank" rel="noopener noreferrer">Source</a>',
    );
  });
});

describe('the site’s own plugins', () => {
  it('are run for their global data, which usePluginData and useGlobalData answer from', async () => {
    const [island] = islandsOf((await pageAt('/docs/intro')).tree);
    expect(island!.html.replace(/<!-- -->/g, '')).toBe(
      '<p class="package-version">native 0.81.4 on Long Tail Fixture, notes https://example.test/notes; plugins: docusaurus-plugin-content-docs, package-versions, release-notes</p>',
    );
    const { warnings } = await site();
    expect(warnings.map((warning) => warning.message.split('\n')[0])).toContain(
      "docusaurus.config.js: the site's plugins are run for their global data only: package-versions, release-notes",
    );
    expect(warnings.map((warning) => warning.message).join('\n')).not.toMatch(/plugins and themes are not run/);
  });

  it('give that data to the browser in the chunk of the island that reads it, and to no other', async () => {
    const { manifest } = await site();
    const bundle = await bundleClient({
      siteDir: fixture,
      modules: ['src/components/PackageVersion.jsx', 'src/components/ReleasesTable.jsx'],
      pageContext: pageContext(defaultSiteConfig, undefined, {
        'package-versions': { default: { versions: { native: '0.81.4-marker' } } },
      }),
    });
    expect(manifest.site.title).toBe('Long Tail Fixture');
    const script = bundle.islands['src/components/PackageVersion.jsx']!.script!;
    const code = (path: string) => new TextDecoder().decode(bundle.files.get(path.replace(/^\//, '')));
    const chunks = [script, ...[...code(script).matchAll(/from\s*"(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]!)];
    expect(chunks.some((path) => code(path).includes('0.81.4-marker'))).toBe(true);
    expect(code(bundle.assets.script)).not.toContain('0.81.4-marker');
  });
});

describe('a site component given one child', () => {
  it('gets it alone, as MDX gives it, so Children.only and children.props work', async () => {
    const islands = islandsOf((await pageAt('/docs/android')).tree);
    const figure = islands.find((island) => island.island === 'src/components/Figure.jsx')!;
    expect(figure.html.replace(/<!-- -->/g, '')).toBe(
      '<figure><img loading="lazy" decoding="async" src="/img/emulator.png" alt="Pixel 9" class="figure-image"/><figcaption>The emulator (Pixel 9)</figcaption></figure>',
    );
  });
});

// What large Docusaurus sites' own code does beyond the documented client API
// (tests/fixtures/docusaurus-long-tail, after facebook/react-native-website): site components
// that import Markdown files and render them as components.

import { describe, expect, it } from 'vitest';
import { isIsland, type IslandProps } from '../../../client/contract/islands.ts';
import type { PageData, TreeElement } from '../../../client/contract/page.ts';
import { bundleClient } from '../../../scripts/compiler/assets/client-bundle.ts';
import { defaultSiteConfig } from '../../../scripts/compiler/config/resolve-config.ts';
import { pageContext } from '../../../scripts/compiler/compile/page-context.ts';
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
    expect(android!.html).toBe('<p>Open Android Studio.</p>');
  });

  it('render a Markdown table a React page’s component imports', async () => {
    const versions = await pageAt('/versions');
    const [page] = islandsOf(versions.tree);
    expect(page!.html).toContain('<h1>Versions</h1>');
    expect(page!.html).toMatch(/<table>.*<th>Version<\/th>.*<td>0\.81<\/td>.*<td>Active<\/td>/s);
  });

  it('bundle such a component for the browser, where it keeps the build’s HTML and loads no script', async () => {
    const bundle = await bundleClient({
      siteDir: fixture,
      modules: ['docs/_platforms.jsx', 'src/components/ReleasesTable.tsx'],
      pageContext: pageContext(defaultSiteConfig),
    });
    expect(bundle.islands['docs/_platforms.jsx']).toEqual({ styles: [] });
    expect(bundle.islands['src/components/ReleasesTable.tsx']).toEqual({ styles: [] });
  });
});

// A Docusaurus 3 site as real ones are laid out (website/ beside docs/, an ES module config that
// uses __dirname and require and imports packages that are not installed, sidebars.json, doc and
// sidebar navbar items, a docs plugin instance) builds unchanged, and says once each thing it does not serve.

import { beforeAll, describe, expect, it } from 'vitest';
import type { TreeNode } from '../../../client/contract/page.ts';
import { loadSiteConfig } from '../../../scripts/compiler/config/resolve-config.ts';
import { buildSite, page, writeSite, type BuiltSite } from '../support/sites.ts';

const website = 'tests/fixtures/docusaurus-split/website';

describe('a Docusaurus site whose docs lie beside the website folder', () => {
  let result: BuiltSite;

  beforeAll(async () => {
    result = await buildSite(website);
  });

  it('builds every doc of ../docs under /docs, the community instance’s, and the custom pages of src/pages', () => {
    expect(result.pages.map((page) => page.route).sort()).toEqual([
      '/',
      '/community/support',
      '/docs/api/Store',
      '/docs/guides/advanced/tuning',
      '/docs/guides/setup',
      '/docs/intro',
      '/support/contact',
    ]);
    expect(result.pages.find((page) => page.route === '/docs/intro')!.source).toBe('../docs/intro.md');
  });

  it('reads what the config computes from __dirname, and leaves out what a missing package fed', () => {
    expect(result.manifest.site).toMatchObject({ title: 'Split Site', url: 'https://split.example.test' });
    // The tagline came from js-yaml, which is not installed: it keeps its default.
    expect(result.manifest.site.tagline).toBe('');
  });

  it('builds the sidebars from sidebars.json named by sidebarPath, with _category_.json read from ../docs', () => {
    expect(result.sidebars).toEqual({
      guideSidebar: [
        { type: 'doc', label: 'Introduction', href: '/docs/intro' },
        {
          type: 'category',
          label: 'Guides',
          href: undefined,
          collapsed: false,
          collapsible: true,
          items: [
            {
              type: 'category',
              label: 'Advanced topics',
              href: undefined,
              collapsed: true,
              collapsible: true,
              items: [{ type: 'doc', label: 'Tuning', href: '/docs/guides/advanced/tuning' }],
            },
            { type: 'doc', label: 'Setup', href: '/docs/guides/setup' },
          ],
        },
      ],
      apiSidebar: [{ type: 'doc', label: 'Store API', href: '/docs/api/Store' }],
      // The instance has no sidebarPath: its sidebar is generated from its folder, as in Docusaurus.
      'community/docs': [{ type: 'doc', label: 'Support', href: '/community/support' }],
    });
  });

  it('links doc and docSidebar navbar items to their pages, as Docusaurus labels them', () => {
    expect(result.manifest.site.navbar.items).toEqual([
      { label: 'Guides', href: '/docs/intro', position: 'left', external: false },
      { label: 'Store API', href: '/docs/api/Store', position: 'left', external: false },
      { label: 'intro', href: '/docs/intro', position: 'left', external: false },
      { label: 'Support', href: '/community/support', position: 'left', external: false },
      { label: 'GitHub', href: 'https://github.com/example/split', position: 'right', external: true },
    ]);
    // The one version served keeps the label the navbar's version menu shows.
    expect(result.manifest.site.docs.versionLabel).toBe('Next');
  });

  it('resolves a link written from a subfolder against the docs root, as Docusaurus does', () => {
    const setup = result.pages.find((page) => page.route === '/docs/guides/setup')!;
    expect(linkHrefs(setup.tree)).toEqual(['/docs/api/Store', '/docs/intro']);
  });

  it('gives dates to docs outside the site folder from their git history', () => {
    expect(result.pages.find((page) => page.route === '/docs/intro')!.lastModified).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  });

  it('says once each thing it does not serve, naming it', () => {
    const warnings = result.warnings.map((warning) => `${warning.file}: ${warning.problem}`);
    const once = (pattern: RegExp) =>
      expect(
        warnings.filter((warning) => pattern.test(warning)),
        pattern.source,
      ).toHaveLength(1);
    once(/package "prism-react-renderer" is not installed.*themeConfig\.prism\.theme, themeConfig\.prism\.darkTheme/);
    // The site folder has no node_modules: its plugins are stand-ins, named once each.
    once(/package "remark-math" is not installed.*presets\[0\]\[1\]\.docs\.remarkPlugins\[0\]/);
    once(/package "rehype-katex" is not installed.*presets\[0\]\[1\]\.docs\.rehypePlugins\[0\]\[0\]/);
    once(/package "js-yaml" is not installed.*: tagline \(which it feeds\) is left out/);
    once(/i18n locales are not served: fr, ja \(pages are built in en only\)/);
    once(/^src\/theme\/Footer\/index\.js: swizzled theme component Footer is not used/);
    expect(warnings).toHaveLength(6);
    expect(
      result.warnings.every(
        (warning) => warning.file.startsWith('docusaurus.config.mjs') || /^src\/theme\//.test(warning.file),
      ),
    ).toBe(true);
  });
});

describe('a Docusaurus config importing packages', () => {
  it("uses the site folder's own packages (CommonJS or ES modules) and stands in only for a missing one", async () => {
    const siteDir = await writeSite({
      'node_modules/site-labels/package.json': '{ "name": "site-labels", "main": "index.js" }',
      'node_modules/site-labels/index.js': "module.exports = { title: 'From the site package' };\n",
      'node_modules/esm-words/package.json': '{ "name": "esm-words", "type": "module", "exports": "./index.js" }',
      'node_modules/esm-words/index.js': "export const tagline = 'An ES module answered';\n",
      'docs/intro.md': page('Intro', 'Hello.'),
      'docusaurus.config.ts': [
        "import type { Config } from '@docusaurus/types';",
        "import labels from 'site-labels';",
        "import { tagline } from 'esm-words';",
        "import missing from 'not-installed-anywhere';",
        'const config: Config = { title: labels.title, tagline: `${tagline}${missing}`, url: "https://x.test" };',
        'export default config;',
      ].join('\n'),
    });
    const { site, warnings } = await loadSiteConfig(siteDir);
    expect(site).toMatchObject({ title: 'From the site package', tagline: 'An ES module answered' });
    expect(warnings.map((warning) => warning.problem)).toEqual([
      'package "not-installed-anywhere" is not installed in the site folder: a stand-in took its place while the config ran',
    ]);
  });
});

function linkHrefs(nodes: TreeNode[]): string[] {
  return nodes.flatMap((node) => {
    if (typeof node === 'string') return [];
    const own = node.t === 'a' && typeof node.p?.href === 'string' ? [node.p.href] : [];
    return [...own, ...linkHrefs(node.c ?? [])];
  });
}

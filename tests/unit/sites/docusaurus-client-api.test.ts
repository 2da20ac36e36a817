// Docusaurus's client API as a site's own code uses it (tests/fixtures/docusaurus-client-api): a
// page that imports each module and is evaluated at build time, site components that import them
// and are rendered by the build (then hydrated), the docs plugin's hooks answering from this
// build's versions and docs, and the browser bundle carrying the docs data only where it is read.

import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { createElement, Fragment } from 'react';
import { isIsland, type IslandProps } from '../../../client/contract/islands.ts';
import type { PageData, TreeElement } from '../../../client/contract/page.ts';
import type { DocsGlobalData } from '../../../client/contract/docs-global-data.ts';
import { renderTree } from '../../../client/render-tree.tsx';
import { pageComponents } from '../../../client/islands/Island.tsx';
import { bundleClient } from '../../../scripts/compiler/assets/client-bundle.ts';
import { defaultSiteConfig } from '../../../scripts/compiler/config/resolve-config.ts';
import { pageContext } from '../../../scripts/compiler/compile/page-context.ts';
import { docsDataReadCount } from '../../../scripts/compiler/compile/build-page-globals.ts';
import { buildSite, type BuiltSite } from '../support/sites.ts';
import { byTag, findAll, text } from '../support/tree.ts';

const fixture = 'tests/fixtures/docusaurus-client-api';

let built: Promise<BuiltSite> | undefined;
const site = () => (built ??= buildSite(fixture));
const pageAt = async (route: string) => (await site()).pages.find((page) => page.route === route)!;

/** What a reader sees of an element: its text. */
const shown = (tree: PageData['tree'], className: string) =>
  findAll(tree, (element) => element.p?.className === className).map(text);

/** The islands of a page, by export, as the text the build's HTML shows. */
const islandText = (tree: PageData['tree']) =>
  Object.fromEntries(
    findAll(tree, isIsland).map((element) => {
      const { export: name, html } = (element as TreeElement & { p: IslandProps }).p;
      return [
        name,
        html
          .replace(/<!-- -->/g, '')
          .replace(/<\/li>/g, '\n')
          .replace(/<[^>]+>/g, ''),
      ];
    }),
  );

describe('a page evaluated at build time', () => {
  it("answers the docs plugin's hooks, the router and the site's data at the page's route", async () => {
    const page = await pageAt('/docs/next/page-api');
    expect(byTag(page.tree, 'li').map(text)).toEqual([
      'pathname: /docs/next/page-api',
      'history: /docs/next/page-api',
      'plugin: default at /docs',
      'active: current / page-api / guide',
      'other versions: current',
      // The last version (1.0) has no page-api: Docusaurus suggests the version, no doc.
      'latest: 1.0 (suggested doc: undefined)',
      'versions: current@/docs/next 1.0@/docs',
      'current docs: /docs/next/intro /docs/next/islands /docs/next/moved /docs/next/page-api',
      'route plugin: docusaurus-plugin-content-docs (default)',
      'global data plugins: docusaurus-plugin-content-docs',
      'context: Orbit',
      'environment: false false /img/a.png https://client-api.example.test/docs',
      'theme: Client API, ssr, #101010, theme-doc-markdown',
    ]);
  });

  it('interpolates and translates default messages, keeps guarded content and shows nothing of <Head>', async () => {
    const page = await pageAt('/docs/next/page-api');
    expect(shown(page.tree, 'interpolated')).toEqual(['Orbit has 3 moons']);
    expect(byTag(page.tree, 'b').map(text)).toEqual(['Orbit']);
    expect(shown(page.tree, 'translated')).toEqual(['Hello, readers!']);
    expect(shown(page.tree, 'translate-fn')).toEqual(['Read 4 pages / one and 2']);
    expect(shown(page.tree, 'guarded')).toEqual(['Guarded content']);
    expect(byTag(page.tree, 'meta')).toEqual([]);
    expect(shown(page.tree, 'links')).toEqual(['Intro Loading…']);
  });

  it('sends the reader on from a <Redirect>, with the link for a browser that does not follow it', async () => {
    const page = await pageAt('/docs/next/moved');
    const html = renderToStaticMarkup(createElement(Fragment, null, ...renderTree(page.tree, pageComponents)));
    expect(html).toContain('<meta http-equiv="refresh" content="0; url=/docs/next/intro"/>');
    expect(text(page.tree)).toContain('This page has moved to /docs/next/intro.');
  });
});

describe('site components', () => {
  it("render the docs plugin's hooks, translation, the router and theme-common as Docusaurus's server render does", async () => {
    const islands = islandText((await pageAt('/docs/next/islands')).tree);
    expect(islands.DocsFacts!.split('\n').filter(Boolean)).toEqual([
      'plugin: default (default)',
      'active version: Next',
      'doc: islands in guide',
      'alternates: current',
      'suggestion: 1.0 / undefined',
      'latest: 1.0; versions: 2; main doc: intro',
      // No reader has chosen a version in the build's render (nor while hydrating).
      'preferred: none',
      'global: docusaurus-plugin-content-docs /docs default',
      'route: docusaurus-plugin-content-docs',
    ]);
    expect(islands.Texts).toBe(
      'Orbit has 3 moonsHello, readers!4 pages / 1+2fine/img/logo.svg https://client-api.example.test/docs/introtrue false',
    );
    expect(islands.Router).toBe('/docs/next/islandsGo to introAdd query');
    expect(islands.Theme).toBe('light Client API ssr #101010 theme-code-block');
    // A doc's title and description by its id, in the page's version (Next: unreleased).
    expect(islands.SeeAlso).toBe('Next (unreleased, docs-version-current): Intro — Where Orbit starts.');
  });

  it('suggest the same doc in the last version when it has one', async () => {
    const islands = islandText((await pageAt('/docs/next/intro')).tree);
    expect(islands.DocsFacts).toContain('alternates: current, 1.0');
    expect(islands.DocsFacts).toContain('suggestion: 1.0 / /docs/intro');
  });
});

describe("the islands' browser bundle", () => {
  const marker = '/docs/only-in-the-docs-data';
  const docsData: DocsGlobalData = {
    path: '/docs',
    versions: [
      {
        name: 'current',
        label: 'Next',
        isLast: true,
        path: '/docs',
        mainDocId: 'intro',
        docs: [{ id: 'intro', path: marker, sidebar: 'guide', title: 'Intro' }],
        draftIds: [],
        sidebars: {},
        banner: null,
      },
    ],
    breadcrumbs: true,
  };

  it('carries the docs data in the chunks of the islands that read it, and in no file any other page loads', async () => {
    const reads = docsDataReadCount();
    const bundle = await bundleClient({
      siteDir: fixture,
      modules: ['src/components/Plain.jsx', 'src/components/ClientApi.jsx'],
      pageContext: pageContext(defaultSiteConfig),
      docsData,
    });
    const decode = (path: string) => new TextDecoder().decode(bundle.files.get(path.replace(/^\//, '')));
    /** A script and every chunk it imports, as the browser loads them. */
    const loads = (script: string): string[] => {
      const seen = new Set<string>();
      const visit = (path: string) => {
        if (seen.has(path)) return;
        seen.add(path);
        for (const [, imported] of decode(path).matchAll(/from\s*"(\/assets\/[^"]+\.js)"/g)) visit(imported!);
      };
      visit(script);
      return [...seen].map(decode);
    };
    const withData = (script: string) => loads(script).some((code) => code.includes(marker));
    expect(withData(bundle.islands['src/components/ClientApi.jsx']!.script!)).toBe(true);
    expect(withData(bundle.islands['src/components/Plain.jsx']!.script!)).toBe(false);
    expect(withData(bundle.assets.script)).toBe(false);
    // A chunk holds every doc's description: npm start must not rebuild one under it (incremental/plan.ts).
    expect(docsDataReadCount()).toBeGreaterThan(reads);
  });

  it('counts no read of the docs data when no island reads it', async () => {
    const reads = docsDataReadCount();
    await bundleClient({
      siteDir: fixture,
      modules: ['src/components/Plain.jsx'],
      pageContext: pageContext(defaultSiteConfig),
      docsData,
    });
    expect(docsDataReadCount()).toBe(reads);
  });
});

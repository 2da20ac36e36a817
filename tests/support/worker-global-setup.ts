// Builds the fixture sites once (in Node) and hands their KV entries to the worker tests,
// which run inside workerd and cannot read files: served over HTTP (fixture-entries-server.ts),
// the rest of what the tests need of a build provided.

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { kvKeys, type Manifest, type RouteTarget } from '../../client/contract/storage.ts';
import type { SidebarItem } from '../../client/contract/sidebar.ts';
import { runBuild } from '../../scripts/compiler/pipeline.ts';
import type { BuildResult } from '../../scripts/compiler/types.ts';
import { generateCorpus } from '../../scripts/bench/corpus.ts';
import { serveFixtureEntries, type EntriesServer } from './fixture-entries-server.ts';
import { storedBuild } from './stored-build.ts';

/** Pages of the generated large fixture: its reference sidebar has more entries than a page renders whole. */
const largeSitePages = 200;
import { closeAlgoliaStandIns, startAlgoliaStandIns } from './algolia-standin.ts';

export interface BuiltFixture {
  /** Where the build's KV entries (`{ key, value }[]`) are served. */
  entriesUrl: string;
  buildId: string;
  /** The manifest as the build stored it. */
  manifest: Manifest;
  /** Every route of the build and where it leads (page and Markdown keys, or a redirect). */
  routeTable: Record<string, RouteTarget>;
  /** Title and description of every page, by route. */
  pages: Record<string, { title: string; description: string }>;
  sidebars: Record<string, SidebarItem[]>;
}

/** What the worker tests need of a fixture build, read back from what it stored. */
async function fixture(
  server: EntriesServer,
  siteDir: string,
  outDir: string,
  dev = false,
  { client = false }: { client?: boolean } = {},
): Promise<BuiltFixture> {
  const result: BuildResult = await runBuild({ siteDir, outDir, skipClient: !client, tolerateBrokenPages: dev });
  const stored = await storedBuild(result, outDir);
  server.add(result.buildId, stored.entries);
  return {
    entriesUrl: `${server.url}/${result.buildId}`,
    buildId: result.buildId,
    manifest: JSON.parse(stored.entry(kvKeys.manifest(result.buildId))!) as Manifest,
    routeTable: Object.fromEntries(result.routeTargets),
    pages: Object.fromEntries(
      result.pages.map((page) => [page.route, { title: page.title, description: page.description }]),
    ),
    sidebars: stored.sidebars,
  };
}

export default async function setup(project: TestProject) {
  const outRoot = await mkdtemp(join(tmpdir(), 'self-docs-worker-'));
  const server = await serveFixtureEntries();
  project.provide('site', await fixture(server, 'tests/fixtures/site', join(outRoot, 'site')));
  project.provide('homeSite', await fixture(server, 'tests/fixtures/home-site', join(outRoot, 'home-site')));
  // Built as `npm start` builds it: two of its pages fail and show their problems instead.
  project.provide(
    'brokenSite',
    await fixture(server, 'tests/fixtures/broken-pages', join(outRoot, 'broken-pages'), true),
  );
  project.provide(
    'versionsSite',
    await fixture(server, 'tests/fixtures/docusaurus-versions', join(outRoot, 'docusaurus-versions')),
  );
  project.provide(
    'redirectsSite',
    await fixture(server, 'tests/fixtures/docusaurus-redirects', join(outRoot, 'docusaurus-redirects')),
  );
  project.provide(
    'styledSite',
    await fixture(server, 'tests/fixtures/docusaurus-styled', join(outRoot, 'docusaurus-styled')),
  );
  project.provide(
    'componentsSite',
    await fixture(server, 'tests/fixtures/docusaurus-components', join(outRoot, 'docusaurus-components')),
  );
  // With its browser bundle: the manifest names the chunk and stylesheet of each site component.
  project.provide(
    'islandsSite',
    await fixture(server, 'tests/fixtures/docusaurus-islands', join(outRoot, 'docusaurus-islands'), false, {
      client: true,
    }),
  );
  // Custom pages of src/pages, with the browser bundle: the React page's island has a chunk.
  project.provide(
    'pagesSite',
    await fixture(server, 'tests/fixtures/docusaurus-pages', join(outRoot, 'docusaurus-pages'), false, {
      client: true,
    }),
  );
  project.provide(
    'blogSite',
    await fixture(server, 'tests/fixtures/docusaurus-blog', join(outRoot, 'docusaurus-blog')),
  );
  project.provide(
    'instancesSite',
    await fixture(server, 'tests/fixtures/docusaurus-docs-instances', join(outRoot, 'docusaurus-docs-instances')),
  );
  // A site whose big sidebar is rendered in part (see worker/render/sidebar-view.ts).
  await generateCorpus(join(outRoot, 'large-source'), { pages: largeSitePages });
  // Compiled in this thread: at 200 pages the build would start compile threads, whose start and
  // cold code cost more CPU than they save beside the other tests (the threads are tested in the unit project).
  const threads = process.env.SELF_BUILD_THREADS;
  process.env.SELF_BUILD_THREADS = '0';
  try {
    project.provide('largeSite', await fixture(server, join(outRoot, 'large-source'), join(outRoot, 'large-site')));
  } finally {
    if (threads === undefined) delete process.env.SELF_BUILD_THREADS;
    else process.env.SELF_BUILD_THREADS = threads;
  }
  const standIns = await startAlgoliaStandIns(algoliaStandInModes);
  project.provide(
    'algoliaStandIns',
    Object.fromEntries(Object.entries(standIns).map(([name, standIn]) => [name, standIn.url])) as AlgoliaStandInUrls,
  );
  return async () => {
    await closeAlgoliaStandIns(standIns);
    await server.close();
    await rm(outRoot, { recursive: true, force: true });
  };
}

/** The Algolia stand-ins the worker tests can point ALGOLIA_HOSTS at (see algolia-standin.ts). */
const algoliaStandInModes = {
  first: 'up',
  second: 'up',
  down: 'down',
  error500: '500',
  forbidden403: '403',
  hanging: 'hang',
  // With `hanging`, four hosts that take a search and never answer: the client's every host.
  hanging2: 'hang',
  hanging3: 'hang',
  hanging4: 'hang',
  slow: 'slow',
} as const;
export type AlgoliaStandInUrls = Record<keyof typeof algoliaStandInModes, string>;

declare module 'vitest' {
  export interface ProvidedContext {
    /** tests/fixtures/site. */
    site: BuiltFixture;
    /** tests/fixtures/home-site: docs that start at `/`, theme following the system. */
    homeSite: BuiltFixture;
    /** tests/fixtures/broken-pages, dev build: one page that builds, two that fail. */
    brokenSite: BuiltFixture;
    /** tests/fixtures/docusaurus-versions: versions.json with 2.0 (last) and 1.0, and the docs folder as Next. */
    versionsSite: BuiltFixture;
    /** tests/fixtures/docusaurus-redirects: a Docusaurus site whose `static/_redirects` uses Netlify's syntax. */
    redirectsSite: BuiltFixture;
    /** tests/fixtures/docusaurus-styled: custom CSS over Infima's properties, head tags, CDN stylesheet and scripts. */
    styledSite: BuiltFixture;
    /** tests/fixtures/docusaurus-components: a Docusaurus site using the theme's components and hooks. */
    componentsSite: BuiltFixture;
    islandsSite: BuiltFixture;
    /** tests/fixtures/docusaurus-docs-instances: the preset's docs and a `community` docs plugin instance at /help. */
    instancesSite: BuiltFixture;
    /** tests/fixtures/docusaurus-pages: a React page at `/`, Markdown and MDX pages under src/pages. */
    pagesSite: BuiltFixture;
    /** tests/fixtures/docusaurus-blog: a Docusaurus blog with posts, tags, authors, pagination and feeds. */
    blogSite: BuiltFixture;
    /** A generated site of 200 pages (scripts/bench/corpus.ts): a small and a large sidebar. */
    largeSite: BuiltFixture;
    /** `http://127.0.0.1:<port>` of each Algolia stand-in, by name. */
    algoliaStandIns: AlgoliaStandInUrls;
  }
}

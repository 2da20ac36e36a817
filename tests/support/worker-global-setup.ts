// Builds the fixture sites once (in Node) and hands their KV entries to the worker tests,
// which run inside workerd and cannot read files.

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { runBuild } from '../../scripts/build/pipeline.ts';
import { closeAlgoliaStandIns, startAlgoliaStandIns } from './algolia-standin.ts';

export interface BuiltFixture {
  kvEntries: { key: string; value: string }[];
  buildId: string;
}

export default async function setup(project: TestProject) {
  const outRoot = await mkdtemp(join(tmpdir(), 'self-docs-worker-'));
  const site = await runBuild({ siteDir: 'tests/fixtures/site', outDir: join(outRoot, 'site'), skipClient: true });
  project.provide('kvEntries', site.kvEntries);
  project.provide('buildId', site.buildId);
  const home = await runBuild({
    siteDir: 'tests/fixtures/home-site',
    outDir: join(outRoot, 'home-site'),
    skipClient: true,
  });
  project.provide('homeSite', { kvEntries: home.kvEntries, buildId: home.buildId });
  const standIns = await startAlgoliaStandIns(algoliaStandInModes);
  project.provide(
    'algoliaStandIns',
    Object.fromEntries(Object.entries(standIns).map(([name, standIn]) => [name, standIn.url])) as AlgoliaStandInUrls,
  );
  return async () => {
    await closeAlgoliaStandIns(standIns);
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
} as const;
export type AlgoliaStandInUrls = Record<keyof typeof algoliaStandInModes, string>;

declare module 'vitest' {
  export interface ProvidedContext {
    /** KV entries of tests/fixtures/site. */
    kvEntries: BuiltFixture['kvEntries'];
    buildId: string;
    /** tests/fixtures/home-site: docs that start at `/`, theme following the system. */
    homeSite: BuiltFixture;
    /** `http://127.0.0.1:<port>` of each Algolia stand-in, by name. */
    algoliaStandIns: AlgoliaStandInUrls;
  }
}

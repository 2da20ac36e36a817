// Builds the fixture sites once (in Node) and hands their KV entries to the worker tests,
// which run inside workerd and cannot read files.

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { runBuild } from '../../scripts/build/pipeline.ts';

export interface BuiltFixture {
  kvEntries: { key: string; value: string }[];
  buildId: string;
}

export default async function setup(project: TestProject) {
  const outRoot = await mkdtemp(join(tmpdir(), 'self-docs-worker-'));
  const site = await runBuild({ siteDir: 'tests/fixtures/site', outDir: join(outRoot, 'site'), skipClient: true });
  project.provide('kvEntries', site.kvEntries);
  project.provide('buildId', site.buildId);
  const home = await runBuild({ siteDir: 'tests/fixtures/home-site', outDir: join(outRoot, 'home-site'), skipClient: true });
  project.provide('homeSite', { kvEntries: home.kvEntries, buildId: home.buildId });
  return () => rm(outRoot, { recursive: true, force: true });
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** KV entries of tests/fixtures/site. */
    kvEntries: BuiltFixture['kvEntries'];
    buildId: string;
    /** tests/fixtures/home-site: docs that start at `/`, theme following the system. */
    homeSite: BuiltFixture;
  }
}

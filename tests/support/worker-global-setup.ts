// Builds the fixture site once (in Node) and hands its KV entries to the worker tests,
// which run inside workerd and cannot read files.

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { runBuild } from '../../scripts/build/pipeline.ts';

export default async function setup(project: TestProject) {
  const outDir = await mkdtemp(join(tmpdir(), 'self-docs-worker-'));
  const result = await runBuild({ siteDir: 'tests/fixtures/site', outDir, skipClient: true });
  project.provide('kvEntries', result.kvEntries);
  project.provide('buildId', result.buildId);
  return () => rm(outDir, { recursive: true, force: true });
}

declare module 'vitest' {
  export interface ProvidedContext {
    kvEntries: { key: string; value: string }[];
    buildId: string;
  }
}

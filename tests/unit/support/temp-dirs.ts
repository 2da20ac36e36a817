// Temporary folders the unit tests' helpers make, removed after each test file (the setup file
// remove-temp-dirs.ts). With `isolate: false` a helper module is loaded once per vitest worker, so
// an `afterAll` it registered itself would run after the first file only and leave the rest behind.

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const created: string[] = [];

/** A new folder under the system's temp folder, removed once the current test file is done. */
export async function tempDir(prefix: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), `self-docs-unit-${prefix}-`));
  created.push(dir);
  return dir;
}

/** Removes every folder `tempDir` made since the last call. */
export async function removeTempDirs(): Promise<void> {
  await Promise.all(created.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
}

// Where deploys kept the hashed assets of kept builds before they went to KV (kept-files.ts): on the
// deploying machine, in `<archive>/files/<path under assets/>`, with `<archive>/builds.json`
// (build id → paths). Read only now, for kept builds deployed then; such builds leave the history
// within five deploys, and this file with them.

import { cp, mkdir, readFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';

type BuildFiles = Record<string, string[]>;

/** Copies the archived files of the given builds into the new build's `assets/` (never over its own). */
export async function addKeptAssets(archiveDir: string, clientDir: string, kept: string[]): Promise<void> {
  const builds = await readBuilds(archiveDir);
  const files = new Set(kept.flatMap((id) => builds[id] ?? []));
  for (const file of files) {
    const target = join(clientDir, 'assets', file);
    if (existsSync(target) || !existsSync(join(archiveDir, 'files', file))) continue;
    await mkdir(dirname(target), { recursive: true });
    await cp(join(archiveDir, 'files', file), target);
  }
}

async function readBuilds(archiveDir: string): Promise<BuildFiles> {
  const file = join(archiveDir, 'builds.json');
  if (!existsSync(file)) return {};
  return JSON.parse(await readFile(file, 'utf8')) as BuildFiles;
}

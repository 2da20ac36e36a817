// Hashed assets of the kept builds, carried from deploy to deploy: each upload of static assets
// replaces the previous one, so without them a rolled-back build (or HTML rendered just before a
// flip) would ask for scripts that are gone. The archive remembers which files each build uses
// and drops the files no kept build uses, so it does not grow without end.
//
// Layout: `<archive>/files/<path under assets/>` and `<archive>/builds.json` (build id → paths).

import { cp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { listFiles } from './local-assets.ts';

type BuildFiles = Record<string, string[]>;

/** The files under `<clientDir>/assets` that the build itself wrote (call before adding others). */
export function ownAssets(clientDir: string): Promise<string[]> {
  return listFiles(join(clientDir, 'assets'));
}

/** Copies the archived files of the kept builds into the new build's `assets/` (never over its own). */
export async function addKeptAssets(archiveDir: string, clientDir: string, kept: string[]): Promise<void> {
  const builds = await readBuilds(archiveDir);
  const files = new Set(kept.flatMap((id) => builds[id] ?? []));
  for (const file of files) {
    const target = join(clientDir, 'assets', file);
    if (existsSync(target)) continue;
    await mkdir(dirname(target), { recursive: true });
    await cp(join(archiveDir, 'files', file), target);
  }
}

/** Records the new build's files and forgets builds that are no longer kept (and their files). */
export async function archiveAssets(
  archiveDir: string,
  clientDir: string,
  build: { id: string; files: string[] },
  kept: string[],
): Promise<void> {
  const builds = await readBuilds(archiveDir);
  builds[build.id] = build.files;
  for (const file of build.files) {
    const target = join(archiveDir, 'files', file);
    await mkdir(dirname(target), { recursive: true });
    await cp(join(clientDir, 'assets', file), target);
  }
  const keptBuilds: BuildFiles = Object.fromEntries(kept.flatMap((id) => (builds[id] ? [[id, builds[id]]] : [])));
  const used = new Set(Object.values(keptBuilds).flat());
  for (const file of await listFiles(join(archiveDir, 'files'))) {
    if (!used.has(file)) await rm(join(archiveDir, 'files', file), { force: true });
  }
  await writeFile(join(archiveDir, 'builds.json'), `${JSON.stringify(keptBuilds, null, 1)}\n`);
}

async function readBuilds(archiveDir: string): Promise<BuildFiles> {
  const file = join(archiveDir, 'builds.json');
  if (!existsSync(file)) return {};
  return JSON.parse(await readFile(file, 'utf8')) as BuildFiles;
}

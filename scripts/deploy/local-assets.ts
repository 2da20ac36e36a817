// The local stand-in for uploading static assets: the served folder becomes a copy of the
// build's client folder. New files go in before stale ones go out, so a page rendered during the
// switch never finds its files missing.

import { cp, mkdir, readdir, rm } from 'node:fs/promises';
import { join, relative } from 'node:path';

export async function publishLocalAssets(clientDir: string, servedDir: string): Promise<void> {
  await mkdir(servedDir, { recursive: true });
  await cp(clientDir, servedDir, { recursive: true, force: true });
  const wanted = new Set(await listFiles(clientDir));
  for (const file of await listFiles(servedDir)) {
    if (!wanted.has(file)) await rm(join(servedDir, file), { force: true });
  }
}

/** Paths of every file under `dir`, relative to it; none when the folder does not exist. */
export async function listFiles(dir: string): Promise<string[]> {
  try {
    const entries = await readdir(dir, { recursive: true, withFileTypes: true });
    return entries.filter((entry) => entry.isFile()).map((entry) => relative(dir, join(entry.parentPath, entry.name)));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

// A rebuild's static assets joining the folder wrangler dev serves: only files that are new or
// changed are written, each aside and renamed in, so wrangler's watch of the folder never sees a
// file missing or half written. The folder only gains files: a page of the previous build still
// finds its scripts.

import { copyFile, mkdir, readdir, readFile, rename, stat } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';

/** The bundles, fonts, media and search pieces: their file names carry a hash of their bytes. */
const hashedFolder = `assets${sep}`;

async function same(from: string, to: string, hashed: boolean): Promise<boolean> {
  const target = await stat(to).catch(() => undefined);
  if (!target) return false;
  if (hashed) return true;
  if (target.size !== (await stat(from)).size) return false;
  return (await readFile(from)).equals(await readFile(to));
}

/** Copies what `from` holds and `to` lacks or holds otherwise; returns the files written (relative). */
export async function syncAssets(from: string, to: string): Promise<string[]> {
  const written: string[] = [];
  const entries = await readdir(from, { recursive: true, withFileTypes: true });
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const source = join(entry.parentPath, entry.name);
    const path = relative(from, source);
    const target = join(to, path);
    // A hashed file that exists is the same; any other is compared.
    if (await same(source, target, path.startsWith(hashedFolder))) continue;
    await mkdir(dirname(target), { recursive: true });
    const aside = `${target}.${process.pid}.part`;
    await copyFile(source, aside);
    await rename(aside, target);
    written.push(path);
  }
  return written;
}

// When a build has made its output folder anew: wrangler dev, started beside `npm start`'s first
// build, serves that folder's assets and must not see it removed under it (the build empties the
// folder once it has read the site's config and sources).

import { existsSync } from 'node:fs';
import { join } from 'node:path';

const pollMs = 200;

/**
 * Resolves once `outDir/kv` exists, made after `outDir/client` (the caller removed `outDir` before
 * starting `build`, so it is the build's): true, or false when the build ended without making it.
 */
export async function outputFolderMade(outDir: string, build: Promise<unknown>): Promise<boolean> {
  let ended = false;
  const settled = build.then(
    () => (ended = true),
    () => (ended = true),
  );
  while (!existsSync(join(outDir, 'kv'))) {
    if (ended) return false;
    await Promise.race([settled, new Promise((resolve) => setTimeout(resolve, pollMs))]);
  }
  return true;
}

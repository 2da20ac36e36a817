// What Cloudflare takes from a build: a KV value of at most 25 MiB, and Workers Static Assets of at
// most 25 MiB a file and 20,000 files a version on the free plan (100,000 on the paid one). A build
// over one says so as a build error (or, over the free plan's file count, a warning), not as a
// failed upload at deploy time.

import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { BuildError } from '../errors.ts';

export const platformLimits = {
  kvValueBytes: 25 * 2 ** 20,
  assetBytes: 25 * 2 ** 20,
  assetFilesFree: 20_000,
  assetFiles: 100_000,
} as const;

/** A KV value over the limit, as a build error naming its key. */
export function checkKvValue(key: string, bytes: number): void {
  if (bytes <= platformLimits.kvValueBytes) return;
  throw new BuildError(
    key,
    undefined,
    `this KV value is ${(bytes / 2 ** 20).toFixed(1)} MiB; Cloudflare KV takes at most 25 MiB a value`,
    'split what it holds (a very large page into several pages, a very large sidebar into several sidebars)',
  );
}

/** The client folder's files against the static-assets limits: a warning over the free plan's count, else errors. */
export async function checkStaticAssets(clientDir: string): Promise<{ files: number; warnings: BuildError[] }> {
  const entries = await readdir(clientDir, { recursive: true, withFileTypes: true }).catch(() => []);
  let files = 0;
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    files++;
    const path = join(entry.parentPath, entry.name);
    const { size } = await stat(path);
    if (size > platformLimits.assetBytes)
      throw new BuildError(
        path,
        undefined,
        `this static asset is ${(size / 2 ** 20).toFixed(1)} MiB; Workers Static Assets take at most 25 MiB a file`,
        'make the file smaller, or serve it from elsewhere and link to it',
      );
  }
  const over = (limit: number) =>
    new BuildError(
      clientDir,
      undefined,
      `the build has ${files} static files; Workers Static Assets take at most ${limit.toLocaleString('en')} a version` +
        (limit === platformLimits.assetFilesFree ? ' on the free plan (100,000 on the paid plan)' : ''),
      'most of them are search index pieces (past 15,000 the page record chunks already go to KV): build with ' +
        'the search index in KV (a build without a client keeps it there), or leave pages out of search',
    );
  if (files > platformLimits.assetFiles) throw over(platformLimits.assetFiles);
  return { files, warnings: files > platformLimits.assetFilesFree ? [over(platformLimits.assetFilesFree)] : [] };
}

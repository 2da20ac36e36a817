// What Cloudflare takes from a build: a KV value of at most 25 MiB, and Workers Static Assets of at
// most 25 MiB a file and 20,000 files a version on the free plan (100,000 on the paid one). A build
// over one says so as a build error (or, over the free plan's file count, a warning), not as a
// failed upload at deploy time. Which plan a build needs follows from its KV: the free plan writes
// 1,000 keys a day, so a build of more keys can only be deployed on the paid plan.

import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { BuildError } from '../errors.ts';

export const platformLimits = {
  kvValueBytes: 25 * 2 ** 20,
  assetBytes: 25 * 2 ** 20,
  assetFilesFree: 20_000,
  assetFiles: 100_000,
  /** KV writes to different keys a day on the free plan (unlimited on the paid one). */
  kvWritesFree: 1_000,
} as const;

export type WorkersPlan = 'free' | 'paid';

/**
 * Pieces a build ships as static files at most, by the Workers plan its KV needs
 * (`workersPlanFor`): the search index writer sizes its record chunks for it, and past it the
 * record chunks go to KV (search/emit.ts). The plan's files (20,000 or 100,000), less room for the
 * client's own files and the kept builds' pieces a deploy uploads beside them. With the chunks in KV, a
 * changed page changes one record chunk: the deploy leaves such new chunks in the static assets
 * (scripts/deploy/static-chunks.ts), so a redeploy writes no more KV values for it.
 */
export const staticPieceFiles = { free: 15_000, paid: 75_000 } as const;

/**
 * The plan a build of `kvKeys` KV keys needs: its first deploy writes them all, so past the free
 * plan's writes a day only the paid plan can take it (a build holds about 2 keys a page: some 450
 * pages). The static files a build may ship follow (`staticPieceFiles`, `checkStaticAssets`).
 */
export function workersPlanFor(kvKeys: number): WorkersPlan {
  return kvKeys > platformLimits.kvWritesFree ? 'paid' : 'free';
}

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

/**
 * The client folder's files against the static-assets limits: errors over a file's size or the paid
 * plan's count, a warning over the free plan's count for a build that `plan` puts on the free plan.
 */
export async function checkStaticAssets(
  clientDir: string,
  plan: WorkersPlan = 'free',
): Promise<{ files: number; warnings: BuildError[] }> {
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
      `the search index keeps to ${staticPieceFiles.free.toLocaleString('en')} of them on the free plan and ` +
        `${staticPieceFiles.paid.toLocaleString('en')} on the paid one (its record chunks grow, then go to KV): ` +
        'serve the other files (images, downloads) from elsewhere, build with the search index in KV (a build ' +
        'without a client keeps it there), or leave pages out of search',
    );
  if (files > platformLimits.assetFiles) throw over(platformLimits.assetFiles);
  const overFree = plan === 'free' && files > platformLimits.assetFilesFree;
  return { files, warnings: overFree ? [over(platformLimits.assetFilesFree)] : [] };
}

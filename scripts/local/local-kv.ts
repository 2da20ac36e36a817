// The local KV (the same state wrangler dev reads) and the record of the content keys it holds.
// `seedLocalKv` writes a whole build through `wrangler kv bulk put`, then flips the pointer (the
// benches' local states). `npm start` writes only the pointers of its builds (`pointerEntries`):
// the dev worker reads the values of its first build and of each rebuild from their KV files
// through the dev server (kv-index.ts, live-reload/rebuild.ts). Content keys already in local KV
// are not written again, and the record names only the keys written, so a later seed of the same
// state knows what local KV holds.

import { existsSync } from 'node:fs';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { kvKeys } from '../../client/contract/storage.ts';
import { parseKeyRecord, planUpload } from '../deploy/upload-plan.ts';
import type { KvEntry } from '../compiler/outputs/kv-writer.ts';
import type { ProgressReporter } from '../cli/progress.ts';
import { run } from '../cli/run.ts';

const keptBuilds = 5;

export interface SeedOptions {
  outDir: string;
  /** Where wrangler keeps local state; tests use a temporary folder. */
  persistTo?: string;
  /** Told the keys written, as each bulk file is. */
  progress?: ProgressReporter;
}

const stateDirOf = (persistTo?: string) => persistTo ?? join('.wrangler', 'state');
const seededFileOf = (persistTo?: string) => join(stateDirOf(persistTo), 'self-docs-seeded-keys.json');
const historyFileOf = (persistTo?: string) => join(persistTo ?? '.wrangler', 'self-docs-builds.json');

/** The content keys earlier seeds wrote into this state; none when its KV folder is gone. */
export async function seededKeys(persistTo?: string): Promise<Set<string>> {
  const seededFile = seededFileOf(persistTo);
  // The list is only as good as the state it describes: without the KV folder, seed everything.
  return new Set(
    existsSync(join(stateDirOf(persistTo), 'v3', 'kv')) && existsSync(seededFile)
      ? (parseKeyRecord(await readFile(seededFile, 'utf8')) ?? [])
      : [],
  );
}

async function buildIdOf(outDir: string): Promise<string> {
  return (await readFile(join(outDir, 'kv', 'build-id'), 'utf8')).trim();
}

/** The history and the pointer that make the build in `outDir` live (the history beside the state is updated). */
export async function pointerEntries(outDir: string, persistTo?: string): Promise<KvEntry[]> {
  const buildId = await buildIdOf(outDir);
  const historyFile = historyFileOf(persistTo);
  const previous: string[] = existsSync(historyFile) ? JSON.parse(await readFile(historyFile, 'utf8')) : [];
  const history = [buildId, ...previous.filter((id) => id !== buildId)].slice(0, keptBuilds);
  await writeFile(historyFile, JSON.stringify(history));
  return [
    { key: kvKeys.history, value: JSON.stringify(history) },
    { key: kvKeys.current, value: buildId },
  ];
}

/** Notes `written` (content keys now in local KV) as seeded; returns the pointer entries that make the build live. */
async function recordSeed(
  outDir: string,
  seeded: Set<string>,
  written: Iterable<string>,
  persistTo?: string,
): Promise<KvEntry[]> {
  for (const key of written) seeded.add(key);
  await writeFile(seededFileOf(persistTo), JSON.stringify([...seeded].sort()));
  return pointerEntries(outDir, persistTo);
}

export async function seedLocalKv({ outDir, persistTo, progress }: SeedOptions): Promise<string> {
  const persist = persistTo ? ['--persist-to', persistTo] : [];
  const seeded = await seededKeys(persistTo);
  const plan = await planUpload(outDir, seeded);
  progress?.phase('seed local KV', plan.sent, 'keys');
  try {
    for (const [index, file] of plan.files.entries()) {
      await run('npx', ['wrangler', 'kv', 'bulk', 'put', '--local', '--binding', 'CONTENT', ...persist, file]);
      progress?.tick(plan.counts[index]);
    }
  } finally {
    await rm(plan.dir, { recursive: true, force: true });
    progress?.end();
  }
  // The pointer goes last, so readers never see a half-written build.
  const pointer = join(outDir, 'kv', 'pointer.json');
  const keys = parseKeyRecord(await readFile(join(outDir, 'kv', 'keys.json'), 'utf8')) ?? [];
  await writeFile(pointer, JSON.stringify(await recordSeed(outDir, seeded, keys, persistTo)));
  await run('npx', ['wrangler', 'kv', 'bulk', 'put', '--local', '--binding', 'CONTENT', ...persist, pointer]);
  return buildIdOf(outDir);
}

// Seeds the local KV (the same state wrangler dev reads) with a build, then flips the pointer.
// Content keys already seeded (by an earlier build in the same state) are not written again, so a
// rebuild after editing one page writes that page and the build's own records.

import { existsSync } from 'node:fs';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { kvKeys } from '../../client/contract/storage.ts';
import { parseKeyRecord, planUpload } from '../deploy/upload-plan.ts';
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

export async function seedLocalKv({ outDir, persistTo, progress }: SeedOptions): Promise<string> {
  const buildId = (await readFile(join(outDir, 'kv', 'build-id'), 'utf8')).trim();
  const persist = persistTo ? ['--persist-to', persistTo] : [];
  const stateDir = persistTo ?? join('.wrangler', 'state');
  const seededFile = join(stateDir, 'self-docs-seeded-keys.json');
  // The list is only as good as the state it describes: without the KV folder, seed everything.
  const seeded = new Set(
    existsSync(join(stateDir, 'v3', 'kv')) && existsSync(seededFile)
      ? (parseKeyRecord(await readFile(seededFile, 'utf8')) ?? [])
      : [],
  );
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
  const keys = parseKeyRecord(await readFile(join(outDir, 'kv', 'keys.json'), 'utf8')) ?? [];
  await writeFile(seededFile, JSON.stringify([...new Set([...seeded, ...keys])].sort()));

  // The pointer goes last, so readers never see a half-written build.
  const historyFile = join(persistTo ?? '.wrangler', 'self-docs-builds.json');
  const previous: string[] = existsSync(historyFile) ? JSON.parse(await readFile(historyFile, 'utf8')) : [];
  const history = [buildId, ...previous.filter((id) => id !== buildId)].slice(0, keptBuilds);
  const pointer = join(outDir, 'kv', 'pointer.json');
  await writeFile(
    pointer,
    JSON.stringify([
      { key: kvKeys.history, value: JSON.stringify(history) },
      { key: kvKeys.current, value: buildId },
    ]),
  );
  await run('npx', ['wrangler', 'kv', 'bulk', 'put', '--local', '--binding', 'CONTENT', ...persist, pointer]);
  await writeFile(historyFile, JSON.stringify(history));
  return buildId;
}

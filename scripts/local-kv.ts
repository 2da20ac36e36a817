// Seeds the local KV (the same state wrangler dev reads) with a build, then flips the pointer.

import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { kvKeys } from '../client/model.ts';
import { run } from './run.ts';

const keptBuilds = 5;

export interface SeedOptions {
  outDir: string;
  /** Where wrangler keeps local state; tests use a temporary folder. */
  persistTo?: string;
}

export async function seedLocalKv({ outDir, persistTo }: SeedOptions): Promise<string> {
  const buildId = (await readFile(join(outDir, 'kv', 'build-id'), 'utf8')).trim();
  const persist = persistTo ? ['--persist-to', persistTo] : [];
  await run('npx', [
    'wrangler',
    'kv',
    'bulk',
    'put',
    '--local',
    '--binding',
    'CONTENT',
    ...persist,
    join(outDir, 'kv', 'build.json'),
  ]);

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

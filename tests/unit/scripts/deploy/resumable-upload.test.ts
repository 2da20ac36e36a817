// A first deploy of a large site sends its keys in many parts; one cut off part way (the API down,
// the process killed) is taken up where it stopped when run again: the parts already in KV are not
// sent again. wrangler is a stand-in over a KV held in memory (support/kv-wrangler.ts).

import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kvKeys } from '../../../../client/contract/storage.ts';
import { deployBuild } from '../../../../scripts/deploy/steps.ts';
import { remoteTarget } from '../../../../scripts/deploy/target.ts';
import { kvStandIn } from '../../support/kv-wrangler.ts';

let root: string;
let outDir: string;
/** The build's pages, three bulk files of four keys each. */
const parts = [0, 1, 2].map((part) => Array.from({ length: 4 }, (_, i) => `page:${part}${i}`));

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'self-docs-resumable-'));
  outDir = join(root, 'out');
  await mkdir(join(outDir, 'kv'), { recursive: true });
  await mkdir(join(outDir, 'client', 'assets'), { recursive: true });
  await writeFile(join(outDir, 'kv', 'build-id'), 'bigbuild0001');
  for (const [index, keys] of parts.entries())
    await writeFile(
      join(outDir, 'kv', `bulk-00${index}.json`),
      JSON.stringify(keys.map((key) => ({ key, value: `{"page":"${key}"}` }))),
    );
  await writeFile(join(outDir, 'kv', 'keys.json'), JSON.stringify(parts.flat()));
  await writeFile(join(outDir, 'client', 'assets', 'main-ABC123.js'), '');
});

afterAll(() => rm(root, { recursive: true, force: true }));

describe('a first deploy cut off during its upload', () => {
  it('sends, when run again, only the parts that were not in KV, and then goes live', async () => {
    const kv = new Map<string, string>();
    const cut = kvStandIn(kv, (keys) => keys.includes('page:20'));
    const first = deployBuild(remoteTarget(cut.wrangler, join(root, 'archive')), outDir, () => {});
    await expect(first).rejects.toThrow(/upload build bigbuild0001 \(part 3 of 3\) failed/);
    expect(kv.has(kvKeys.current)).toBe(false);
    expect(cut.puts.filter((keys) => keys.some((key) => key.startsWith('page:')))).toEqual([parts[0], parts[1]]);

    const again = kvStandIn(kv);
    const progress: [number, number][] = [];
    const lines: string[] = [];
    await deployBuild(
      remoteTarget(again.wrangler, join(root, 'archive')),
      outDir,
      (line) => lines.push(line),
      (done, total) => progress.push([done, total]),
    );
    // Only the third part went again; every page is in KV and the build is live.
    expect(again.puts.filter((keys) => keys.some((key) => key.startsWith('page:')))).toEqual([parts[2]]);
    for (const key of parts.flat()) expect(kv.get(key)).toBe(`{"page":"${key}"}`);
    expect(kv.get(kvKeys.current)).toBe('bigbuild0001');
    expect(progress).toEqual([
      [8, 12],
      [12, 12],
    ]);
    expect(lines[0]).toMatch(/uploaded 12 keys .*\(the first 2 of 3 parts by a deploy that was cut off\)/);
  });

  it('says how far a many-part upload is when no progress line is given', async () => {
    const kv = new Map<string, string>();
    const lines: string[] = [];
    const { wrangler } = kvStandIn(kv);
    await deployBuild(remoteTarget(wrangler, join(root, 'archive')), outDir, (line) => lines.push(line));
    expect(lines.slice(0, 2)).toEqual([
      'uploaded 4 of 12 keys of build bigbuild0001',
      'uploaded 8 of 12 keys of build bigbuild0001',
    ]);
  });
});

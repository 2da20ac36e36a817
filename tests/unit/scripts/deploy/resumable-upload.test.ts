// A first deploy of a large site sends its keys in many parts; one cut off part way (the API down,
// the process killed) is taken up where it stopped when run again: the parts already in KV are not
// sent again. wrangler is a stand-in over a KV held in memory (support/kv-wrangler.ts).

import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kvKeys } from '../../../../client/contract/storage.ts';
import type { ProgressReporter } from '../../../../scripts/cli/progress.ts';
import { deployBuild } from '../../../../scripts/deploy/steps.ts';
import { remoteTarget } from '../../../../scripts/deploy/target.ts';
import { kvStandIn } from '../../support/kv-wrangler.ts';

let root: string;
let outDir: string;
/** The build's pages: three parts of the upload (5,000 keys a part), the last one short. */
const parts = [0, 1, 2].map((part) => Array.from({ length: part < 2 ? 5000 : 4 }, (_, i) => `page:${part}-${i}`));

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
    const cut = kvStandIn(kv, (keys) => keys.includes('page:2-0'));
    const first = deployBuild(remoteTarget(cut.wrangler, join(root, 'archive')), outDir, () => {});
    await expect(first).rejects.toThrow(/upload build bigbuild0001 \(part 3 of 3\) failed/);
    expect(kv.has(kvKeys.current)).toBe(false);
    expect(cut.puts.filter((keys) => keys.some((key) => key.startsWith('page:')))).toEqual([parts[0], parts[1]]);

    const again = kvStandIn(kv);
    // Keys done of the upload's total, after each count the reporter is given.
    const progress: [number, number][] = [];
    const upload = { total: 0, done: 0, counting: false };
    const reporter: ProgressReporter = {
      phase(name, total = 0) {
        Object.assign(upload, { total, done: 0, counting: name === 'upload keys' });
      },
      tick(n = 1) {
        if (!upload.counting) return;
        upload.done += n;
        progress.push([upload.done, upload.total]);
      },
      end() {},
    };
    const lines: string[] = [];
    await deployBuild(
      remoteTarget(again.wrangler, join(root, 'archive')),
      outDir,
      (line) => lines.push(line),
      reporter,
    );
    // Only the third part went again; every page is in KV and the build is live.
    expect(again.puts.filter((keys) => keys.some((key) => key.startsWith('page:')))).toEqual([parts[2]]);
    for (const key of parts.flat()) expect(kv.get(key)).toBe(`{"page":"${key}"}`);
    expect(kv.get(kvKeys.current)).toBe('bigbuild0001');
    expect(progress).toEqual([
      [10_000, 10_004],
      [10_004, 10_004],
    ]);
    expect(lines[0]).toMatch(/uploaded 10004 keys .*\(the first 2 of 3 parts by a deploy that was cut off\)/);
  });

  it('sends a redeploy’s few changed keys in one part, whatever files they come from, with no upload record', async () => {
    const kv = new Map<string, string>();
    await deployBuild(remoteTarget(kvStandIn(kv).wrangler, join(root, 'archive')), outDir, () => {});
    // Its key record, as a real build's bulk files carry it.
    kv.set(kvKeys.keys('bigbuild0001'), JSON.stringify(parts.flat()));
    // The next build: one page changed in the first file and one in the last.
    const next = join(root, 'next');
    await mkdir(join(next, 'kv'), { recursive: true });
    await mkdir(join(next, 'client', 'assets'), { recursive: true });
    await writeFile(join(next, 'kv', 'build-id'), 'bigbuild0002');
    const changed = parts.map((keys, index) => keys.map((key, i) => (i === 0 && index !== 1 ? `${key}-new` : key)));
    for (const [index, keys] of changed.entries())
      await writeFile(
        join(next, 'kv', `bulk-00${index}.json`),
        JSON.stringify(keys.map((key) => ({ key, value: `{"page":"${key}"}` }))),
      );
    await writeFile(join(next, 'kv', 'keys.json'), JSON.stringify(changed.flat()));
    const again = kvStandIn(kv);
    await deployBuild(remoteTarget(again.wrangler, join(root, 'archive')), next, () => {});
    expect(again.puts.filter((keys) => keys.some((key) => key.startsWith('page:')))).toEqual([
      ['page:0-0-new', 'page:2-0-new'],
    ]);
    expect(again.puts.flat().filter((key) => key.endsWith(':upload'))).toEqual([]);
  });

  it('says how far a many-part upload is when no progress line is given', async () => {
    const kv = new Map<string, string>();
    const lines: string[] = [];
    const { wrangler } = kvStandIn(kv);
    await deployBuild(remoteTarget(wrangler, join(root, 'archive')), outDir, (line) => lines.push(line));
    expect(lines.slice(0, 2)).toEqual([
      'uploaded 5000 of 10004 keys of build bigbuild0001',
      'uploaded 10000 of 10004 keys of build bigbuild0001',
    ]);
  });
});

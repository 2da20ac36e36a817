// A first deploy of a large site sends its keys in many parts; one cut off part way (the API down,
// the process killed) is taken up where it stopped when run again: the parts already in KV are not
// sent again. wrangler is a stand-in over a KV held in memory, answering as in steps.test.ts.

import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kvKeys } from '../../../../client/contract/storage.ts';
import { deployBuild } from '../../../../scripts/deploy/steps.ts';
import { remoteTarget } from '../../../../scripts/deploy/target.ts';
import type { Wrangler, WranglerOutput } from '../../../../scripts/deploy/wrangler.ts';

const ok = (stdout = ''): WranglerOutput => ({ code: 0, stdout, stderr: '' });
const apiDown: WranglerOutput = { code: 1, stdout: '', stderr: '✘ [ERROR] A request to the Cloudflare API failed.\n' };

/** wrangler over `kv`; `fails(entries)` says whether a bulk put of those entries fails. */
function kvStandIn(kv: Map<string, string>, fails: (keys: string[]) => boolean) {
  const puts: string[][] = [];
  const wrangler: Wrangler = async (args) => {
    if (args[0] === 'd1') {
      const token = /VALUES \(1, '[^']*', '([^']+)'/.exec(args.at(-1)!)?.[1];
      const lockRow = token ? [{ holder: 'test', token, until: 2_000_000_000 }] : [];
      return ok(JSON.stringify([{ results: [] }, { results: [] }, { results: lockRow }]));
    }
    if (args[0] === 'kv' && args[1] === 'bulk' && args[2] === 'put') {
      const entries = JSON.parse(await readFile(args.at(-1)!, 'utf8')) as { key: string; value: string }[];
      const keys = entries.map((entry) => entry.key);
      if (fails(keys)) return apiDown;
      puts.push(keys);
      for (const { key, value } of entries) kv.set(key, value);
      return ok();
    }
    if (args[0] === 'kv' && args[1] === 'key' && args[2] === 'get') {
      const value = kv.get(args[3]!);
      return value === undefined ? { code: 0, stdout: 'Value not found\n', stderr: '' } : ok(value);
    }
    if (args[0] === 'kv' && args[2] === 'list') return ok(JSON.stringify([...kv.keys()].map((name) => ({ name }))));
    if (args[0] === 'kv' && args[1] === 'bulk' && args[2] === 'get') return ok('{}\n\nSuccess!\n');
    if (args[0] === 'deploy') return ok('Current Version ID: 0f1e2d3c-4b5a-6978-8796-a5b4c3d2e1f0\n');
    return ok();
  };
  return { wrangler, puts };
}

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

    const again = kvStandIn(kv, () => false);
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
    const { wrangler } = kvStandIn(kv, () => false);
    await deployBuild(remoteTarget(wrangler, join(root, 'archive')), outDir, (line) => lines.push(line));
    expect(lines.slice(0, 2)).toEqual([
      'uploaded 4 of 12 keys of build bigbuild0001',
      'uploaded 8 of 12 keys of build bigbuild0001',
    ]);
  });
});

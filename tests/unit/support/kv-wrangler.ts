// A wrangler stand-in over a KV held in memory, answering the commands a deploy runs as wrangler
// 4.86 does (the lock's D1 statements, KV reads, lists and bulk writes, `wrangler deploy`).

import { readFile } from 'node:fs/promises';
import type { Wrangler, WranglerOutput } from '../../../scripts/deploy/wrangler.ts';

const ok = (stdout = ''): WranglerOutput => ({ code: 0, stdout, stderr: '' });
const apiDown: WranglerOutput = { code: 1, stdout: '', stderr: '✘ [ERROR] A request to the Cloudflare API failed.\n' };

/** `fails(keys)`: whether a bulk put of those keys fails; `puts`: the keys of each bulk put that succeeded. */
export function kvStandIn(kv: Map<string, string>, fails: (keys: string[]) => boolean = () => false) {
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
    if (args[0] === 'kv' && args[1] === 'bulk' && args[2] === 'get') {
      const keys = JSON.parse(await readFile(args.at(-1)!, 'utf8')) as string[];
      return ok(`${JSON.stringify(Object.fromEntries(keys.map((key) => [key, kv.get(key) ?? null])))}\n\nSuccess!\n`);
    }
    if (args[0] === 'kv' && args[1] === 'key' && args[2] === 'get') {
      const value = kv.get(args[3]!);
      return value === undefined ? { code: 0, stdout: 'Value not found\n', stderr: '' } : ok(value);
    }
    if (args[0] === 'kv' && args[2] === 'list') {
      const prefix = args.includes('--prefix') ? args[args.indexOf('--prefix') + 1]! : '';
      return ok(JSON.stringify([...kv.keys()].filter((name) => name.startsWith(prefix)).map((name) => ({ name }))));
    }
    if (args[0] === 'kv' && args[1] === 'bulk' && args[2] === 'delete') {
      for (const key of JSON.parse(await readFile(args.at(-1)!, 'utf8')) as string[]) kv.delete(key);
      return ok();
    }
    if (args[0] === 'deploy') return ok('Current Version ID: 0f1e2d3c-4b5a-6978-8796-a5b4c3d2e1f0\n');
    return ok();
  };
  return { wrangler, puts };
}

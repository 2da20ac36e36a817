// Search requests go straight to the worker, past the static-assets lookup, both where the site
// is deployed (wrangler.toml's run_worker_first) and where the bench and deploy tests run it on
// workerd (scripts/local/workerd.ts): the two lists must say the same, or the bench measures a routing
// production does not have.

import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { workerFirstPaths } from '../../../../scripts/local/workerd.ts';

async function wranglerWorkerFirst(): Promise<unknown> {
  const toml = await readFile(new URL('../../../../wrangler.toml', import.meta.url), 'utf8');
  const line = /^run_worker_first\s*=\s*(\[.*\])\s*$/m.exec(toml);
  if (!line) throw new Error('wrangler.toml has no run_worker_first list under [assets]');
  return JSON.parse(line[1]!) as unknown;
}

/** Whether a run_worker_first rule (`*` for any characters) covers `path`. */
const covers = (rule: string, path: string) =>
  new RegExp(`^${rule.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replaceAll('*', '.*')}$`).test(path);

describe('requests that skip the static-assets lookup', () => {
  it('are the same in wrangler.toml and in the workerd the bench starts', async () => {
    expect(await wranglerWorkerFirst()).toEqual(workerFirstPaths);
  });

  it('include both search endpoints and no page of the site', () => {
    for (const path of ['/1/indexes/*/queries', '/1/indexes/docs/queries', '/__search'])
      expect(workerFirstPaths.some((rule) => covers(rule, path))).toBe(true);
    for (const path of ['/', '/docs/intro', '/search', '/assets/search/0123abcd.json'])
      expect(workerFirstPaths.some((rule) => covers(rule, path))).toBe(false);
  });
});

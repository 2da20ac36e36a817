import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ensureLocalQuerySecret } from '../../../../scripts/local/dev-vars.ts';
import { tempDir } from '../../support/temp-dirs.ts';

async function devVars(content?: string): Promise<string> {
  const path = join(await tempDir('dev-vars'), '.dev.vars');
  if (content !== undefined) await writeFile(path, content);
  return path;
}

const secretLine = /^QUERY_ID_SECRET="([0-9a-f]{64})"$/m;

describe('the local queryID signing secret', () => {
  it('is generated into .dev.vars on first run and kept after', async () => {
    const path = await devVars();
    expect(await ensureLocalQuerySecret(path)).toBe(true);
    const first = (await readFile(path, 'utf8')).match(secretLine)![1];
    expect(await ensureLocalQuerySecret(path)).toBe(false);
    expect((await readFile(path, 'utf8')).match(secretLine)![1]).toBe(first);
  });

  it('is added beside the variables already there, and differs between clones', async () => {
    const a = await devVars('ALGOLIA_SEARCH_API_KEY=abc');
    const b = await devVars('ALGOLIA_SEARCH_API_KEY=abc\n');
    await ensureLocalQuerySecret(a);
    await ensureLocalQuerySecret(b);
    const [textA, textB] = await Promise.all([readFile(a, 'utf8'), readFile(b, 'utf8')]);
    expect(textA).toMatch(/^ALGOLIA_SEARCH_API_KEY=abc\n#/);
    expect(textA.match(secretLine)![1]).not.toBe(textB.match(secretLine)![1]);
  });

  it('is left alone when the operator set one', async () => {
    const path = await devVars('QUERY_ID_SECRET=mine\n');
    expect(await ensureLocalQuerySecret(path)).toBe(false);
    expect(await readFile(path, 'utf8')).toBe('QUERY_ID_SECRET=mine\n');
  });
});

// A build over what Cloudflare takes says so with a build error (a warning over the free plan's
// file count), naming the value or the folder and what to do, before any deploy tries the upload. A
// build whose KV the free plan cannot take in a day is held to the paid plan's limits.

import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BuildError } from '../../../../../scripts/compiler/errors.ts';
import {
  checkKvValue,
  checkStaticAssets,
  workersPlanFor,
} from '../../../../../scripts/compiler/outputs/platform-limits.ts';

let root: string;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'self-docs-limits-'));
});

afterAll(() => rm(root, { recursive: true, force: true }));

describe('platform limits', () => {
  it('refuses a KV value over 25 MiB, naming its key', () => {
    expect(() => checkKvValue('sidebar:abc', 25 * 2 ** 20)).not.toThrow();
    expect(() => checkKvValue('sidebar:abc', 25 * 2 ** 20 + 1)).toThrow(BuildError);
    expect(() => checkKvValue('sidebar:abc', 26 * 2 ** 20)).toThrow(/^sidebar:abc: this KV value is 26\.0 MiB/);
  });

  it('warns past the free plan’s 20,000 static files, and counts them', async () => {
    const client = join(root, 'client');
    await mkdir(join(client, 'assets', 'search'), { recursive: true });
    for (let batch = 0; batch < 20; batch++)
      await Promise.all(
        Array.from({ length: 1001 }, (_, i) => writeFile(join(client, 'assets', 'search', `${batch}-${i}.json`), '{}')),
      );
    const { files, warnings } = await checkStaticAssets(client);
    expect(files).toBe(20_020);
    expect(warnings.map((warning) => warning.problem)).toEqual([
      'the build has 20020 static files; Workers Static Assets take at most 20,000 a version on the free plan (100,000 on the paid plan)',
    ]);
    // A build of more KV keys than the free plan writes a day is deployed on the paid plan: nothing to say.
    expect(await checkStaticAssets(client, workersPlanFor(1_001))).toEqual({ files: 20_020, warnings: [] });
  }, 180_000);

  it('puts a build on the paid plan once its KV keys pass the free plan’s 1,000 writes a day', () => {
    expect(workersPlanFor(0)).toBe('free');
    expect(workersPlanFor(1_000)).toBe('free');
    expect(workersPlanFor(1_001)).toBe('paid');
    expect(workersPlanFor(241_360)).toBe('paid');
  });

  it('says nothing of a small client folder', async () => {
    const client = join(root, 'small');
    await mkdir(client, { recursive: true });
    await writeFile(join(client, 'a.js'), '');
    expect(await checkStaticAssets(client)).toEqual({ files: 1, warnings: [] });
  });
});

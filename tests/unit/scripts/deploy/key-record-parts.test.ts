// A large build's record of its content keys (`b:<id>:keys`, some 210,000 keys at 100,000 pages)
// goes in parts it names, each well under 2 MB. The deploy keeps the list in its own record
// (scripts/deploy/build-records.ts) and sends neither: the next deploy reads the list back, so it
// still sends only the keys the live build lacks.

import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kvKeys, type Manifest } from '../../../../client/contract/storage.ts';
import { KvWriter } from '../../../../scripts/compiler/outputs/kv-writer.ts';
import { writeManifest } from '../../../../scripts/compiler/outputs/manifest.ts';
import { deployBuild } from '../../../../scripts/deploy/steps.ts';
import { remoteTarget } from '../../../../scripts/deploy/target.ts';
import { kvStandIn } from '../../support/kv-wrangler.ts';

let root: string;

/** A build of 250 pages (the first one's text given), its key record in parts of 100 keys. */
async function build(buildId: string, firstPage: string): Promise<string> {
  const out = join(root, buildId);
  await mkdir(join(out, 'kv'), { recursive: true });
  await mkdir(join(out, 'client', 'assets'), { recursive: true });
  const kv = new KvWriter(join(out, 'kv'));
  for (let i = 0; i < 250; i++) await kv.putContent(kvKeys.page, i === 0 ? firstPage : `{"page":${i}}`);
  await writeManifest(kv, out, { buildId, assets: {} } as Manifest, 100);
  return out;
}

const entries = async (out: string) =>
  new Map(
    (JSON.parse(await readFile(join(out, 'kv', 'bulk-000.json'), 'utf8')) as { key: string; value: string }[]).map(
      (entry) => [entry.key, entry.value],
    ),
  );

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'self-docs-key-parts-'));
});

afterAll(() => rm(root, { recursive: true, force: true }));

describe('the key record of a large build', () => {
  it('names its parts, each a list of about the part size', async () => {
    const out = await build('parts0000001', '{"page":0}');
    const values = await entries(out);
    const { parts } = JSON.parse(values.get(kvKeys.keys('parts0000001'))!) as { parts: string[] };
    expect(parts).toHaveLength(3);
    const lists = parts.map((part) => JSON.parse(values.get(part)!) as string[]);
    for (const list of lists) expect(list.length).toBeLessThan(130);
    const listed = lists.flat().sort();
    expect(listed).toHaveLength(250);
    expect(listed.every((key) => key.startsWith('page:'))).toBe(true);
    // The local list the deploy reads holds every key, the parts too.
    expect(JSON.parse(await readFile(join(out, 'kv', 'keys.json'), 'utf8'))).toEqual([...listed, ...parts].sort());
  });

  it('is read back by the next deploy, which sends only the changed page', async () => {
    const kv = new Map<string, string>();
    const first = kvStandIn(kv);
    await deployBuild(
      remoteTarget(first.wrangler, join(root, 'archive')),
      await build('parts0000002', '{"page":0}'),
      () => {},
    );
    const second = kvStandIn(kv);
    await deployBuild(
      remoteTarget(second.wrangler, join(root, 'archive')),
      await build('parts0000003', '{"page":"new"}'),
      () => {},
    );
    const sent = second.puts.flat().filter((key) => key.startsWith('page:') || key.startsWith('keys:'));
    expect(sent).toEqual([expect.stringMatching(/^page:/)]);
    expect(second.puts.flat()).not.toContain(kvKeys.keys('parts0000003'));
    // Both builds are kept, so none of the first one's keys was collected.
    for (const key of (await entries(join(root, 'parts0000002'))).keys())
      if (key.startsWith('page:')) expect(kv.has(key), key).toBe(true);
  });
});

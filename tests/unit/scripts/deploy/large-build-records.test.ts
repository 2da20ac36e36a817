// The deploy's records of a large build: 80,400 content keys and 20,000 hashed assets (a
// 100,000-page site has some 210,000 keys and tens of thousands of search pieces). No value the
// deploy writes passes 2 MB, a redeploy of one changed page writes at most five keys besides the
// pointer, and the next deploys still read every kept build's keys and files back.

import { linkSync, writeFileSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kvKeys, type Manifest } from '../../../../client/contract/storage.ts';
import { KvWriter } from '../../../../scripts/compiler/outputs/kv-writer.ts';
import { writeManifest } from '../../../../scripts/compiler/outputs/manifest.ts';
import { deployBuild } from '../../../../scripts/deploy/steps.ts';
import { remoteTarget } from '../../../../scripts/deploy/target.ts';
import { kvStandIn } from '../../support/kv-wrangler.ts';

const pages = 40_000;
const pieces = 20_000;
const twoMB = 2 * 1024 * 1024;

let root: string;
/** The search pieces no build changes, written once (see `build`). */
let commonPieces: string | undefined;

/**
 * The unchanged pieces' folder: creating 20,000 files is most of this file's CPU, so each build
 * hard-links them from here (the same names and bytes in its own folder) instead of writing them again.
 */
async function unchangedPieces(): Promise<string> {
  if (commonPieces) return commonPieces;
  const dir = join(root, 'common-pieces');
  await mkdir(dir, { recursive: true });
  for (let i = 0; i < pieces; i++) writeFileSync(join(dir, `${i}.json`), `{"piece":${i}}`);
  return (commonPieces = dir);
}

/**
 * A build as the pipeline leaves it: `pages` page keys (page `changed` with other text), its
 * key record and manifest, and `pieces` search pieces (those in `newPieces` with other text).
 */
async function build(buildId: string, changed: number | undefined, newPieces: number[] = []): Promise<string> {
  const out = join(root, buildId);
  const search = join(out, 'client', 'assets', 'search');
  await mkdir(join(out, 'kv'), { recursive: true });
  await mkdir(search, { recursive: true });
  const kv = new KvWriter(join(out, 'kv'));
  // Each page's HTML and Markdown, and its route bucket (100 routes a bucket) naming both.
  let bucket: string[] = [];
  for (let i = 0; i < pages; i++) {
    const text = i === changed ? `${i} in ${buildId}` : `${i}`;
    bucket.push(await kv.putContent(kvKeys.page, `{"page":"${text}"}`), await kv.putContent(kvKeys.markdown, text));
    if (bucket.length < 200) continue;
    await kv.putContent(kvKeys.routes, JSON.stringify(bucket));
    bucket = [];
  }
  // The style groups' CSS goes to a value of its own: the same in both builds, so written once.
  const styleGroups = [{ name: 'chrome', scope: 'every' as const, href: '/assets/chrome.css', css: 'body{margin:0}' }];
  await writeManifest(kv, out, { buildId, assets: { styleGroups } } as Manifest);
  const different = new Set(newPieces);
  const common = await unchangedPieces();
  // Named by their content, as the build names them.
  for (let i = 0; i < pieces; i++) {
    if (different.has(i)) await writeFile(join(search, `${i}-${buildId}.json`), `{"piece":${i},"in":"${buildId}"}`);
    else linkSync(join(common, `${i}.json`), join(search, `${i}.json`));
  }
  return out;
}

/** Deploys `out` over what `kv` holds; returns the keys written and the largest value stored. */
async function deploy(kv: Map<string, string>, out: string) {
  const standIn = kvStandIn(kv);
  await deployBuild(remoteTarget(standIn.wrangler, join(root, 'archive')), out, () => {});
  const written = standIn.puts.flat().filter((key) => !key.endsWith(':upload'));
  return { written, largest: Math.max(...written.map((key) => Buffer.byteLength(kv.get(key) ?? ''))) };
}

const pointer: string[] = [kvKeys.current, kvKeys.history];

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'self-docs-large-records-'));
});

afterAll(() => rm(root, { recursive: true, force: true }));

describe('the deploy records of a large build', { timeout: 300_000 }, () => {
  const kv = new Map<string, string>();

  it('keeps every value it writes under 2 MB, the deploy record too', async () => {
    const { written, largest } = await deploy(kv, await build('large0000001', undefined));
    expect(written).toContain('b:large0000001:deploy');
    expect(largest).toBeLessThanOrEqual(twoMB);
    for (const [key, value] of kv) expect(Buffer.byteLength(value), key).toBeLessThanOrEqual(twoMB);
  });

  it('writes five keys and the pointer after one changed page', async () => {
    // The page (its HTML, Markdown and route bucket), and five of its search pieces: a redeploy
    // also writes the manifest (it names the route bucket) and one pack of the new pieces.
    const { written } = await deploy(kv, await build('large0000002', 123, [1, 2, 3, 4, 5]));
    const besidesPointer = written.filter((key) => !pointer.includes(key) && key !== 'b:large0000002:deploy');
    expect(besidesPointer).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^page:/),
        expect.stringMatching(/^md:/),
        expect.stringMatching(/^routes:/),
        'b:large0000002:manifest',
      ]),
    );
    expect(besidesPointer.length).toBeLessThanOrEqual(5);
  });

  it('reads both kept builds back: no key either uses is collected, and their files come back', async () => {
    const out = await build('large0000003', 7, [9]);
    await deploy(kv, out);
    for (const id of ['large0000001', 'large0000002'])
      for (const key of JSON.parse(await readFile(join(root, id, 'kv', 'keys.json'), 'utf8')) as string[])
        if (key.startsWith('page:')) expect(kv.has(key), `${key} of ${id}`).toBe(true);
    // The second build's own piece 1 is gathered back from KV, beside the third build's.
    const second = await readFile(join(out, 'client', 'assets', 'search', '1-large0000002.json'), 'utf8');
    expect(second).toBe('{"piece":1,"in":"large0000002"}');
    expect(kv.get(kvKeys.current)).toBe('large0000003');
  });
});

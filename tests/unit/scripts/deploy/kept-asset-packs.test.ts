// A deploy keeps its build's hashed assets in KV so later deploys can upload them again (each
// upload of static assets replaces the whole set). Small files share values (packs): a redeploy
// whose build brings a few new search pieces writes one value for them, not one each, and a later
// deploy still gets every kept build's files back from the packs.

import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deployBuild } from '../../../../scripts/deploy/steps.ts';
import { remoteTarget } from '../../../../scripts/deploy/target.ts';
import { kvStandIn } from '../../support/kv-wrangler.ts';

let root: string;

/** A build: its id, one page key, and `pieces` search pieces as hashed assets (`large` ones of ~1 MB). */
async function build(id: string, pieces: number[], large: number[] = []): Promise<string> {
  const out = join(root, id);
  await mkdir(join(out, 'kv'), { recursive: true });
  await mkdir(join(out, 'client', 'assets', 'search'), { recursive: true });
  await writeFile(join(out, 'kv', 'build-id'), id);
  await writeFile(join(out, 'kv', 'bulk-000.json'), JSON.stringify([{ key: `page:${id}`, value: '{}' }]));
  await writeFile(join(out, 'kv', 'keys.json'), JSON.stringify([`page:${id}`]));
  for (const piece of pieces)
    await writeFile(join(out, 'client', 'assets', 'search', `p${piece}.json`), pieceText(piece, large.includes(piece)));
  return out;
}

/** A piece's text; a large one as a common word's term piece at 100,000 pages, ~1 MB. */
const pieceText = (piece: number, large = false) =>
  large ? `{"piece":${piece},"postings":"${String(piece % 10).repeat(1_000_000)}"}` : `{"piece":${piece}}`;

const range = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => from + i);
const assetWrites = (puts: string[][]) =>
  puts.filter((keys) => keys.some((key) => key.startsWith('deploy:pack:') || key.startsWith('deploy:asset:')));

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'self-docs-packs-'));
});

afterAll(() => rm(root, { recursive: true, force: true }));

describe('hashed assets kept in KV', () => {
  it('packs small new files into one value a deploy, and brings them back from it', async () => {
    const kv = new Map<string, string>();
    const first = kvStandIn(kv);
    await deployBuild(
      remoteTarget(first.wrangler, join(root, 'archive')),
      await build('build0000001', range(0, 30)),
      () => {},
    );
    expect(assetWrites(first.puts)).toEqual([[expect.stringMatching(/^deploy:pack:/)]]);

    // One page changed: five new pieces, 25 the same.
    const second = kvStandIn(kv);
    await deployBuild(
      remoteTarget(second.wrangler, join(root, 'archive')),
      await build('build0000002', range(5, 35)),
      () => {},
    );
    const writes = assetWrites(second.puts);
    expect(writes).toHaveLength(1);
    expect(writes[0]).toHaveLength(1);
    expect(kv.get(writes[0]![0]!)).toBe(
      range(30, 35)
        .map((n) => Buffer.from(`{"piece":${n}}`).toString('base64'))
        .join(''),
    );

    // A third build has none of those files: the deploy gathers both kept builds' from the packs.
    const third = kvStandIn(kv);
    const out = await build('build0000003', []);
    await deployBuild(remoteTarget(third.wrangler, join(root, 'archive')), out, () => {});
    for (const piece of range(0, 35))
      expect(await readFile(join(out, 'client', 'assets', 'search', `p${piece}.json`), 'utf8')).toBe(
        `{"piece":${piece}}`,
      );
  });

  it('packs a redeploy’s new pieces of ~1 MB with its small ones: one write, and they come back whole', async () => {
    const kv = new Map<string, string>();
    const first = kvStandIn(kv);
    await deployBuild(
      remoteTarget(first.wrangler, join(root, 'archive-large')),
      await build('build0000011', range(0, 30)),
      () => {},
    );
    // One page changed at 100,000 pages: five common words' pieces of ~1 MB each among the new ones.
    const second = kvStandIn(kv);
    await deployBuild(
      remoteTarget(second.wrangler, join(root, 'archive-large')),
      await build('build0000012', range(5, 40), range(30, 35)),
      () => {},
    );
    const writes = assetWrites(second.puts);
    expect(writes).toEqual([[expect.stringMatching(/^deploy:pack:/)]]);

    const third = kvStandIn(kv);
    const out = await build('build0000013', []);
    await deployBuild(remoteTarget(third.wrangler, join(root, 'archive-large')), out, () => {});
    for (const piece of range(30, 40))
      expect(await readFile(join(out, 'client', 'assets', 'search', `p${piece}.json`), 'utf8')).toBe(
        pieceText(piece, piece < 35),
      );
  });
});

// The keys record a one-page rebuild writes from the keys it kept (KeptKeys) must be the one
// writeManifest writes from every key of the edited build: the same parts, the same key list.

import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { kvKeys } from '../../../../../client/contract/storage.ts';
import { KeptKeys } from '../../../../../scripts/compiler/incremental/kept-keys.ts';
import { contentHash, KvWriter } from '../../../../../scripts/compiler/outputs/kv-writer.ts';
import { splitKeys } from '../../../../../scripts/compiler/outputs/manifest.ts';
import { tempDir } from '../../../support/temp-dirs.ts';

const perPart = 10;
const page = (i: number) => kvKeys.page(`p${String(i).padStart(4, '0')}`);

/** The record writeManifest makes of `keys`: its parts' keys and its JSON list of every key. */
function recordOf(keys: string[]) {
  const sorted = [...new Set(keys)].sort();
  const parts = splitKeys(sorted, perPart).map((list) => kvKeys.keysPart(contentHash(JSON.stringify(list))));
  return { parts, contentKeys: JSON.stringify(parts.length > 0 ? [...sorted, ...parts].sort() : sorted) };
}

async function writer(): Promise<KvWriter> {
  const dir = join(await tempDir('kept-keys'), 'kv');
  await mkdir(dir, { recursive: true });
  return new KvWriter(dir);
}

describe('the keys record of a rebuild', () => {
  it('names the parts and keys a full build would after pages change, come and go, and share a key', async () => {
    const fixed = [kvKeys.sidebar('s1'), kvKeys.styles('c1')];
    const pages = Array.from({ length: 45 }, (_, i) => [page(i)]);
    // Two pages with the same content: one key, two holders.
    pages.push([page(3)]);
    const kept = new KeptKeys([...new Set([...fixed, ...pages.flat()])].sort(), pages, perPart);

    // A page changes, the twin of another lets go of their shared key, and one page's key goes.
    const touched = new Map<string, boolean>();
    kept.change([page(7)], [kvKeys.page('q0007')], touched);
    kept.change([page(3)], [kvKeys.page('q0003')], touched);
    kept.change([page(44)], [], touched);
    const now = [...fixed, ...pages.flat().filter((key) => key !== page(7) && key !== page(44))];
    now.push(kvKeys.page('q0007'), kvKeys.page('q0003'));
    const kv = await writer();
    expect(await kept.store(kv, touched)).toEqual(recordOf(now));
    expect(kv.contentKeys().length).toBeLessThan(recordOf(now).parts.length);

    // Enough new keys for one part more: every part is made again.
    const more = Array.from({ length: 20 }, (_, i) => kvKeys.page(`r${i}`));
    const again = new Map<string, boolean>();
    kept.change([], more, again);
    expect(await kept.store(await writer(), again)).toEqual(recordOf([...now, ...more]));
  });

  it('names the keys a full build would when their JSON was made before the change (npm start warms it)', async () => {
    const pages = Array.from({ length: 3000 }, (_, i) => [page(i)]);
    const kept = new KeptKeys(pages.flat(), pages, perPart);
    kept.warm();
    const touched = new Map<string, boolean>();
    kept.change([page(5)], [kvKeys.page('q0005')], touched);
    kept.change([page(2500)], [], touched);
    const now = pages.flat().filter((key) => key !== page(5) && key !== page(2500));
    expect(await kept.store(await writer(), touched)).toEqual(recordOf([...now, kvKeys.page('q0005')]));
  });

  it('writes the keys as one list while they fit in one part', async () => {
    const keys = [kvKeys.page('a'), kvKeys.page('b')];
    const kept = new KeptKeys(keys, [keys], perPart);
    const touched = new Map<string, boolean>();
    kept.change([kvKeys.page('a')], [kvKeys.page('c')], touched);
    expect(await kept.store(await writer(), touched)).toEqual(recordOf([kvKeys.page('b'), kvKeys.page('c')]));
  });
});

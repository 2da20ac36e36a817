// The index npm start serves its first build's values through: every key of a build's KV files
// reads back as the value stored, whatever characters it holds, the last entry of a key winning,
// and a file the build did not write is named rather than misread. Built as the writer writes
// (the places it counted) or read back from the files, it is the same.

import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KvWriter, placedBulkFile, type KvEntry } from '../../../../scripts/compiler/outputs/kv-writer.ts';
import { growingKvIndex, indexKvFiles, type KvIndex } from '../../../../scripts/local/kv-index.ts';

let work: string;
let index: KvIndex;

const tricky = {
  'page:quotes': 'He said "hello" and left \\"as is\\" \\\\',
  'page:unicode': 'Ünïcödé — 日本語 🚀 \u2028 line separator',
  'page:json': JSON.stringify({ html: '<p class="a">x</p>', nested: ['\\', '"'] }),
  'b:one:manifest': '',
};

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'self-docs-kv-index-'));
  await mkdir(join(work, 'kv'));
  const kv = new KvWriter(join(work, 'kv'));
  for (const [key, value] of Object.entries(tricky)) await kv.put(key, value);
  await kv.put('build:current', 'old');
  await kv.close();
  // A second file, as a larger build writes: its entry of a key the first holds wins.
  await writeFile(join(work, 'kv', 'bulk-001.json'), JSON.stringify([{ key: 'build:current', value: 'new' }]));
  index = await indexKvFiles(work);
});

afterAll(async () => {
  await index?.close();
  await rm(work, { recursive: true, force: true });
});

describe('the index of a build’s KV files', () => {
  it('reads every value back as it was stored, the last entry of a key winning', async () => {
    const keys = [...Object.keys(tricky), 'build:current', 'page:absent'];
    const read = JSON.parse(await index.readJson(keys)) as Record<string, string | null>;
    expect(read).toEqual({ ...tricky, 'build:current': 'new', 'page:absent': null });
    expect(index.size).toBe(5);
    expect(index.has('page:quotes')).toBe(true);
    expect(index.has('page:absent')).toBe(false);
  });

  it('is the same when made from the places the writer counted as it wrote, files of many entries too', async () => {
    const dir = join(work, 'counted');
    await mkdir(join(dir, 'kv'), { recursive: true });
    const kv = new KvWriter(join(dir, 'kv'));
    const counted = growingKvIndex((key) => kv.pendingValue(key));
    kv.readWhileWriting((file, places) => counted.add(file, places));
    // Past 5,000 pairs a file: more than one file, the key written twice in different ones.
    const values = new Map<string, string>();
    for (let n = 0; n < 6000; n++) {
      const key = `page:${n % 5500}`;
      const value = `${Object.values(tricky)[n % 4]} ${n}`;
      values.set(key, value);
      await kv.put(key, value);
    }
    // Not yet in a file: answered from memory.
    expect(JSON.parse(await counted.readJson(['page:5499']))).toEqual({ 'page:5499': values.get('page:5499') });
    await kv.close();
    const read = await indexKvFiles(dir);
    const keys = [...values.keys(), 'page:absent'];
    expect(counted.size).toBe(values.size);
    expect(JSON.parse(await counted.readJson(keys))).toEqual(JSON.parse(await read.readJson(keys)));
    expect(JSON.parse(await counted.readJson(keys))).toEqual({ ...Object.fromEntries(values), 'page:absent': null });
    await Promise.all([counted.close(), read.close()]);
  });

  it('tells a rebuild each file and its places without keeping the values not yet written', async () => {
    const dir = join(work, 'places-only');
    await mkdir(join(dir, 'kv'), { recursive: true });
    const kv = new KvWriter(join(dir, 'kv'));
    const counted = growingKvIndex(() => undefined);
    kv.onFile((file, places) => counted.add(file, places));
    await kv.put('page:first', 'one');
    // Only readWhileWriting keeps what waits for its file readable (and in memory twice).
    expect(kv.pendingValue('page:first')).toBeUndefined();
    await kv.close();
    expect(JSON.parse(await counted.readJson(['page:first']))).toEqual({ 'page:first': 'one' });
    await counted.close();
  });

  it('counts each value’s place in the bytes JSON.stringify gives the file', () => {
    const entries: KvEntry[] = Object.entries(tricky).map(([key, value]) => ({ key, value }));
    const { text, places } = placedBulkFile(entries);
    expect(text).toBe(JSON.stringify(entries));
    const bytes = Buffer.from(text);
    expect(
      places.map(({ key, start, length }) => [key, JSON.parse(bytes.toString('utf8', start, start + length))]),
    ).toEqual(Object.entries(tricky));
    expect(placedBulkFile([])).toEqual({ text: '[]', places: [] });
  });

  it('names a KV file it cannot read instead of serving it wrongly', async () => {
    const other = join(work, 'other');
    await mkdir(join(other, 'kv'), { recursive: true });
    await writeFile(join(other, 'kv', 'bulk-000.json'), JSON.stringify([{ key: 'a', value: 'b' }], null, 2));
    await expect(indexKvFiles(other)).rejects.toThrow(
      /other\/kv\/bulk-000\.json: not a KV bulk file as the build writes it/,
    );
  });
});

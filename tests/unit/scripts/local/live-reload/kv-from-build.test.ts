// The dev worker's reads of keys local KV lacks go to the dev server, which answers from the first
// build's KV files once that build is served, and only to a caller with the token: a read asked
// before that waits for it a while, then finds nothing and the worker shows that the site is building.

import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KvWriter } from '../../../../../scripts/compiler/outputs/kv-writer.ts';
import { startEventServer, type EventServer } from '../../../../../scripts/local/live-reload/event-server.ts';
import { readFromBuild, withBuildFiles } from '../../../../../scripts/local/live-reload/kv-from-build.ts';
import { liveReloadPaths, tokenHeader } from '../../../../../scripts/local/live-reload/protocol.ts';
import { indexKvFiles, type KvIndex } from '../../../../../scripts/local/kv-index.ts';

const token = 'the-token';
/** How long a read before the build is served waits here (npm start: 20 s). */
const waitMs = 300;
let work: string;
let events: EventServer;
let index: KvIndex;

/** A local KV holding `held` alone. */
function localKv(held: Record<string, string>): KVNamespace {
  const get = (key: string | string[]) =>
    Promise.resolve(
      typeof key === 'string' ? (held[key] ?? null) : new Map(key.map((one) => [one, held[one] ?? null] as const)),
    );
  return { get } as unknown as KVNamespace;
}

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'self-docs-kv-from-build-'));
  await mkdir(join(work, 'kv'));
  const kv = new KvWriter(join(work, 'kv'));
  await kv.put('page:a', '{"title":"A"}');
  await kv.put('page:b', 'B from the build');
  await kv.close();
  index = await indexKvFiles(work);
  events = await startEventServer(token, waitMs);
});

afterAll(async () => {
  await events?.close();
  await index?.close();
  await rm(work, { recursive: true, force: true });
});

describe("the dev worker's KV with the first build behind it", () => {
  it('finds nothing while the build runs, and tells the worker so once its wait is over', async () => {
    const server = { origin: events.origin, token };
    const asked = performance.now();
    expect(await readFromBuild(server, [])).toBeUndefined();
    expect(performance.now() - asked).toBeGreaterThanOrEqual(waitMs - 50);
    expect(await withBuildFiles(localKv({}), server).get('page:a')).toBeNull();
  });

  it('answers a read asked just before the build is served once it is, not with the building page', async () => {
    const later = await startEventServer(token);
    try {
      const server = { origin: later.origin, token };
      const reads = [readFromBuild(server, []), withBuildFiles(localKv({}), server).get('page:a')];
      // Both reach the dev server before the build is served: without the wait they would find nothing.
      await new Promise((resolve) => setTimeout(resolve, 300));
      later.serve(index, { buildId: 'b1', reload: false, routes: [] });
      const [served, value] = await Promise.all(reads);
      expect(served).toEqual({});
      expect(value).toBe('{"title":"A"}');
    } finally {
      await later.close();
    }
  });

  it('reads what local KV lacks from the build once it is served, one key or many', async () => {
    events.serve(index, { buildId: 'b1', reload: false, routes: [] });
    const kv = withBuildFiles(localKv({ 'page:b': 'B from local KV' }), { origin: events.origin, token });
    expect(await kv.get('page:a')).toBe('{"title":"A"}');
    expect(await kv.get('page:a', 'json')).toEqual({ title: 'A' });
    expect(await kv.get('page:b')).toBe('B from local KV');
    expect(await kv.get('page:none')).toBeNull();
    const many = await kv.get(['page:a', 'page:b', 'page:none'], { type: 'text' });
    expect(Object.fromEntries(many)).toEqual({
      'page:a': '{"title":"A"}',
      'page:b': 'B from local KV',
      'page:none': null,
    });
  });

  it('closes the connection after each read, so workerd never sends one down a socket the busy dev server drops', async () => {
    for (const headers of [{ [tokenHeader]: token }, {}] as Record<string, string>[]) {
      const response = await fetch(new URL(liveReloadPaths.kv, events.origin), {
        method: 'POST',
        headers,
        body: '["page:a"]',
      });
      await response.arrayBuffer();
      expect(response.headers.get('connection')).toBe('close');
    }
  });

  it('refuses a body over its cap with 413 and still reads small ones after', async () => {
    const huge = JSON.stringify(Array.from({ length: 200_000 }, (_, i) => `page:${i}`));
    const refused = await fetch(new URL(liveReloadPaths.kv, events.origin), {
      method: 'POST',
      headers: { [tokenHeader]: token },
      body: huge,
    });
    expect(refused.status).toBe(413);
    expect(await readFromBuild({ origin: events.origin, token }, ['page:a'])).toEqual({ 'page:a': '{"title":"A"}' });
  });

  it('answers no one without the token', async () => {
    await expect(readFromBuild({ origin: events.origin, token: 'guess' }, ['page:a'])).rejects.toThrow(/403/);
  });
});

// The deploy helper skips puts of content keys the runtime's KV already holds: a test that
// overwrites or deletes one through `bindings.CONTENT` must still find the fixture's value after
// the next deploy, or every later file in the worker would read what that test left.

import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { bindings, deployFixture } from './deploy.ts';

const raw = (env as unknown as { CONTENT: KVNamespace }).CONTENT;

describe('a deploy of a fixture', () => {
  it('puts back a content key a test overwrote or deleted', async () => {
    const build = await deployFixture();
    const key = build.pageKey('/guides/setup');
    expect(await raw.get(key)).toBe(build.storedPage('/guides/setup'));
    await bindings.CONTENT.put(key, 'tampered');
    expect(await raw.get(key)).toBe('tampered');
    const again = await deployFixture();
    expect(await raw.get(key)).toBe(again.storedPage('/guides/setup'));
    await bindings.CONTENT.delete(key);
    await deployFixture();
    expect(await raw.get(key)).toBe(again.storedPage('/guides/setup'));
    await deployFixture({ omit: ['pages'] });
    expect(await raw.get(key)).toBeNull();
    await deployFixture();
    expect(await raw.get(key)).toBe(again.storedPage('/guides/setup'));
  });
});

// Reads several asks share (worker/services/shared-reads.ts): on workerd, a read started by a
// request that has ended never settles, and a later request that joins it must not wait forever;
// in one request, asks of one key share a single read.

import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { build } from 'esbuild';
import type { Miniflare } from 'miniflare';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SharedReads } from '../../../../worker/services/shared-reads.ts';

describe('SharedReads in one process', () => {
  it('gives two asks of a key in flight one read', async () => {
    const reads = new SharedReads<string>();
    let started = 0;
    let answer!: (value: string) => void;
    const start = () => {
      started += 1;
      return new Promise<string>((resolve) => (answer = resolve));
    };
    const first = reads.read('sidebar', start);
    const second = reads.read('sidebar', start);
    answer('the sidebar');
    expect(await Promise.all([first, second])).toEqual(['the sidebar', 'the sidebar']);
    expect(started).toBe(1);
  });

  it('passes a failed read on to those who joined it, and reads again on the next ask', async () => {
    const reads = new SharedReads<string>();
    let started = 0;
    const failing = () => {
      started += 1;
      return Promise.reject(new Error('KV is down'));
    };
    await expect(Promise.all([reads.read('piece', failing), reads.read('piece', failing)])).rejects.toThrow(
      'KV is down',
    );
    expect(started).toBe(1);
    await expect(reads.read('piece', () => Promise.resolve('read again'))).resolves.toBe('read again');
  });

  it('reads for itself when the read it joined never settles, and the next ask joins the new read', async () => {
    const reads = new SharedReads<string>(100);
    void reads.read('piece', () => new Promise<string>(() => {}));
    let started = 0;
    const own = () => {
      started += 1;
      return new Promise<string>((resolve) => setTimeout(resolve, 5, 'own read'));
    };
    const joiner = reads.read('piece', own);
    const next = reads.read('piece', own);
    expect(await Promise.all([joiner, next])).toEqual(['own read', 'own read']);
    expect(started).toBe(1);
  });
});

// A worker whose /start begins a read that outlives its request (a fetch of a loopback server that
// never answers) and returns at once; /join then asks for the same key, its own read answering.
const entry = `
import { SharedReads } from ${JSON.stringify(new URL('../../../../worker/services/shared-reads.ts', import.meta.url).pathname)};
const reads = new SharedReads(200);
export default {
  async fetch(request, env) {
    const url = new URL(request.url);
    if (url.pathname === '/start') {
      reads.read('key', () => fetch(env.SILENT).then((response) => response.text()));
      return new Response('started');
    }
    return new Response(await reads.read('key', async () => 'own read'));
  },
};`;

describe('SharedReads on workerd, across requests', () => {
  let mf: Miniflare;
  let silent: Server;

  beforeAll(async () => {
    silent = createServer(() => {}).listen(0, '127.0.0.1');
    await new Promise((resolve) => silent.once('listening', resolve));
    const bundled = await build({
      stdin: { contents: entry, resolveDir: process.cwd(), loader: 'js' },
      bundle: true,
      format: 'esm',
      write: false,
    });
    const { Miniflare } = await import('miniflare');
    mf = new Miniflare({
      modules: true,
      script: bundled.outputFiles[0]!.text,
      compatibilityDate: '2026-04-01',
      bindings: { SILENT: `http://127.0.0.1:${(silent.address() as AddressInfo).port}/` },
    });
  }, 180_000);

  afterAll(async () => {
    await mf?.dispose();
    silent?.closeAllConnections();
    silent?.close();
  });

  it('answers a request that joins a read whose request has ended', async () => {
    expect(await (await mf.dispatchFetch('http://site.test/start')).text()).toBe('started');
    // Without its own deadline the join waits for a promise workerd will never settle.
    const joined = await mf.dispatchFetch('http://site.test/join', { signal: AbortSignal.timeout(30_000) });
    expect(await joined.text()).toBe('own read');
  }, 180_000);
});

// Under `npm start`, a body the worker stops reading (one past its route's cap) is read to its end
// and dropped before the worker's answer goes back, so wrangler dev's proxy hands the client that
// answer, not its own 503; the worker itself still reads no more than its cap, and the drain is
// bounded in bytes and in how long one read may wait.

import { describe, expect, it } from 'vitest';
import { drainBounds, drainingOnCancel } from '../../../../../scripts/local/live-reload/drained-body.ts';
import { readCappedText } from '../../../../../worker/services/request-body.ts';

const chunkBytes = 16 * 1024;

/**
 * A body of `total` bytes (endless when Infinity), made as it is pulled; counts what was pulled.
 * Past `stallAt` bytes it sends nothing more, as a client that stalls.
 */
function countedBody(total: number, stallAt = Infinity) {
  const counter = { pulled: 0, cancelled: false };
  const chunk = new Uint8Array(chunkBytes).fill(120);
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (counter.pulled >= stallAt) return new Promise<void>(() => undefined);
      if (counter.pulled >= total) return controller.close();
      counter.pulled += chunk.byteLength;
      controller.enqueue(chunk);
    },
    cancel() {
      counter.cancelled = true;
    },
  });
  return { stream, counter };
}

/** A POST of `body`, chunked unless `headers` declare its length. */
function post(body: ReadableStream<Uint8Array> | string, headers: Record<string, string> = {}): Request {
  return new Request('http://127.0.0.1/1/indexes/*/queries', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body,
    duplex: 'half',
  } as RequestInit);
}

describe('a body the worker refuses part-way', () => {
  it('is read to its end once the worker stops reading it, while the worker itself reads only its cap', async () => {
    const total = 2 * 1024 * 1024;
    const { stream, counter } = countedBody(total);
    const passed = drainingOnCancel(post(stream));
    await expect(readCappedText(passed.request, chunkBytes)).rejects.toMatchObject({ status: 413 });
    expect(counter.pulled).toBeLessThan(total / 4);
    await passed.drained();
    expect(counter.pulled).toBe(total);
    expect(counter.cancelled).toBe(false);
  });

  it('is read to its end when its declared length is over the cap, though the worker read none of it', async () => {
    const total = 2 * 1024 * 1024;
    const { stream, counter } = countedBody(total);
    const passed = drainingOnCancel(post(stream, { 'content-length': String(total) }));
    await expect(readCappedText(passed.request, chunkBytes)).rejects.toMatchObject({ status: 413 });
    await passed.drained();
    expect(counter.pulled).toBe(total);
  });

  it('is read no further than the bound when it never ends, then cancelled', async () => {
    const bytes = 1024 * 1024;
    const { stream, counter } = countedBody(Infinity);
    const passed = drainingOnCancel(post(stream), { ...drainBounds, bytes });
    await expect(readCappedText(passed.request, chunkBytes)).rejects.toMatchObject({ status: 413 });
    await passed.drained();
    expect(counter.cancelled).toBe(true);
    expect(counter.pulled).toBeGreaterThan(bytes);
    expect(counter.pulled).toBeLessThan(bytes + 8 * chunkBytes);
  });

  it('is given up, and cancelled, when the client stops sending it', async () => {
    const { stream, counter } = countedBody(Infinity, 4 * chunkBytes);
    const passed = drainingOnCancel(post(stream), { ...drainBounds, idleMs: 50 });
    await expect(readCappedText(passed.request, chunkBytes)).rejects.toMatchObject({ status: 413 });
    // A drain that waited for the stalled client would never settle, and the test would time out.
    await passed.drained();
    expect(counter.cancelled).toBe(true);
  });

  it('is given up when the client declared its length and sends nothing', async () => {
    const { stream, counter } = countedBody(Infinity, 0);
    const passed = drainingOnCancel(post(stream, { 'content-length': '20000000' }), {
      ...drainBounds,
      idleMs: 50,
    });
    await expect(readCappedText(passed.request, chunkBytes)).rejects.toMatchObject({ status: 413 });
    await passed.drained();
    expect(counter.cancelled).toBe(true);
    expect(counter.pulled).toBe(0);
  });
});

describe('a body the worker answers without reading', () => {
  it('is read to its end once the worker has answered', async () => {
    const total = 2 * 1024 * 1024;
    const { stream, counter } = countedBody(total);
    const passed = drainingOnCancel(post(stream));
    expect(counter.pulled).toBe(0);
    await passed.drained();
    expect(counter.pulled).toBe(total);
    expect(counter.cancelled).toBe(false);
  });
});

describe('a body the worker reads whole', () => {
  it('reaches the worker byte for byte, with nothing left to wait for', async () => {
    const text = JSON.stringify({ requests: [{ indexName: 'docs', query: 'proof of ai' }] });
    const passed = drainingOnCancel(post(new Blob([text]).stream()));
    expect(await readCappedText(passed.request, chunkBytes)).toBe(text);
    await passed.drained();
  });

  it('is left as it is when there is none', () => {
    const request = new Request('http://127.0.0.1/search');
    expect(drainingOnCancel(request).request).toBe(request);
  });
});

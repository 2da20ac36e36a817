// Under `npm start`, a chunked body the worker stops reading (one past its route's cap) is read to
// its end and dropped before the worker's answer goes back, so wrangler dev's proxy hands the
// client that answer, not its own 503; the worker itself still reads no more than its cap.

import { describe, expect, it } from 'vitest';
import { drainingOnCancel } from '../../../../../scripts/local/live-reload/drained-body.ts';
import { readCappedText } from '../../../../../worker/services/request-body.ts';

const chunkBytes = 16 * 1024;

/** A body of `total` bytes (endless when Infinity), made as it is pulled; counts what was pulled. */
function countedBody(total: number) {
  const counter = { pulled: 0, cancelled: false };
  const chunk = new Uint8Array(chunkBytes).fill(120);
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
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

function chunkedPost(body: ReadableStream<Uint8Array> | string, headers: Record<string, string> = {}): Request {
  return new Request('http://127.0.0.1/1/indexes/*/queries', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body,
    duplex: 'half',
  } as RequestInit);
}

describe('a chunked body the worker refuses part-way', () => {
  it('is read to its end once the worker stops reading it, while the worker itself reads only its cap', async () => {
    const total = 2 * 1024 * 1024;
    const { stream, counter } = countedBody(total);
    const passed = drainingOnCancel(chunkedPost(stream));
    await expect(readCappedText(passed.request, chunkBytes)).rejects.toMatchObject({ status: 413 });
    expect(counter.pulled).toBeLessThan(total / 4);
    await passed.drained();
    expect(counter.pulled).toBe(total);
    expect(counter.cancelled).toBe(false);
  });

  it('is read no further than the bound when it never ends, then cancelled', async () => {
    const limit = 1024 * 1024;
    const { stream, counter } = countedBody(Infinity);
    const passed = drainingOnCancel(chunkedPost(stream), limit);
    await expect(readCappedText(passed.request, chunkBytes)).rejects.toMatchObject({ status: 413 });
    await passed.drained();
    expect(counter.cancelled).toBe(true);
    expect(counter.pulled).toBeGreaterThan(limit);
    expect(counter.pulled).toBeLessThan(limit + 8 * chunkBytes);
  });
});

describe('a body the worker reads whole', () => {
  it('reaches the worker byte for byte, with nothing left to wait for', async () => {
    const text = JSON.stringify({ requests: [{ indexName: 'docs', query: 'proof of ai' }] });
    const passed = drainingOnCancel(chunkedPost(new Blob([text]).stream()));
    expect(await readCappedText(passed.request, chunkBytes)).toBe(text);
    await passed.drained();
  });

  it('is left as it is when its length is declared (a client waits for 100 Continue before sending it)', () => {
    const request = chunkedPost('{}', { 'content-length': '2' });
    expect(drainingOnCancel(request).request).toBe(request);
  });

  it('is left as it is when there is none', () => {
    const request = new Request('http://127.0.0.1/search');
    expect(drainingOnCancel(request).request).toBe(request);
  });
});

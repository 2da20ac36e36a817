// Every POST endpoint reads its body with a byte cap: a chunked body (no length given) that keeps
// coming is refused with 413 as soon as it passes the cap, without being read to its end, and a
// declared length over the cap is refused before anything is read.

/// <reference types="@cloudflare/vitest-pool-workers/types" />
import { exports } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { deployFixture } from '../support/deploy.ts';
import { origin } from '../support/requests.ts';

const runtime = (exports as unknown as { default: Fetcher }).default;

beforeAll(async () => {
  await deployFixture();
});

const endpoints = [
  {
    name: 'the search endpoint',
    path: '/1/indexes/*/queries',
    contentType: 'application/json',
    prefix: '{"requests":[{"indexName":"docs","query":"',
    cap: 16 * 1024,
    json: { message: expect.stringMatching(/larger than 16384 bytes/), status: 413 },
  },
  {
    name: 'the events endpoint',
    path: '/1/events',
    contentType: 'application/json',
    prefix: '{"events":[{"eventType":"click","eventName":"',
    cap: 64 * 1024,
    json: { message: expect.stringMatching(/larger than 65536 bytes/), status: 413 },
  },
  {
    name: 'the report form',
    path: '/__report',
    contentType: 'application/x-www-form-urlencoded',
    prefix: 'q=setup&note=',
    cap: 16 * 1024,
    json: { error: 'payload_too_large', message: expect.stringMatching(/larger than 16384 bytes/) },
  },
];

/** Far more than any cap: read whole, it would be the body that grows an isolate past its memory. */
const endlessBytes = 16 * 1024 * 1024;
const chunkBytes = 16 * 1024;

/** A chunked body of `total` bytes, produced only as the reader pulls; counts what was pulled. */
function countedStream(prefix: string, total: number) {
  const counter = { pulled: 0, cancelled: false };
  const encoder = new TextEncoder();
  const filler = encoder.encode('x'.repeat(chunkBytes));
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (counter.pulled >= total) return controller.close();
      const chunk = counter.pulled === 0 ? encoder.encode(prefix) : filler;
      counter.pulled += chunk.byteLength;
      controller.enqueue(chunk);
    },
    cancel() {
      counter.cancelled = true;
    },
  });
  return { stream, counter };
}

describe.each(endpoints)('$name', ({ path, contentType, prefix, cap, json }) => {
  it('refuses a chunked body that keeps coming with 413 and JSON, without reading it to its end', async () => {
    const { stream, counter } = countedStream(prefix, endlessBytes);
    const response = await runtime.fetch(`${origin}${path}`, {
      method: 'POST',
      headers: { 'content-type': contentType },
      body: stream,
      // @ts-expect-error: workerd's RequestInit takes `duplex` for a streamed body, its types do not list it
      duplex: 'half',
    });
    expect(response.headers.get('content-length')).not.toBe(String(endlessBytes));
    expect(response.status).toBe(413);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await response.json()).toEqual(json);
    // What the worker pulled stays within a few chunks of its cap, nowhere near the whole body.
    expect(counter.pulled).toBeLessThan(cap + 1024 * 1024);
    expect(counter.pulled).toBeLessThan(endlessBytes / 4);
  });

  it('refuses a declared length over the cap before reading any of it', async () => {
    // The declared bytes never come: a worker that waited for them would never answer.
    const { readable, writable } = new FixedLengthStream(cap + 1);
    const writer = writable.getWriter();
    void writer.write(new TextEncoder().encode(prefix)).catch(() => undefined);
    const response = await runtime.fetch(`${origin}${path}`, {
      method: 'POST',
      headers: { 'content-type': contentType },
      body: readable,
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual(json);
    await writer.abort().catch(() => undefined);
  });
});

// wrangler dev's proxy (between the reader and the dev worker) streams a request's body on to the
// worker, and when the worker stops reading it (a body past its route's cap, refused with 413) the
// proxy's own fetch fails: the client gets the proxy's 503 "Your worker restarted mid-request" in
// place of the worker's JSON 413. So, under `npm start` only, what the worker leaves of a body is
// read and dropped before its answer goes back, within bounds; the worker still holds no more than
// its cap. A deploy has no such proxy and bundles none of this: there the worker's cancel ends the read.

import { withDeadline } from '../../../worker/services/deadline.ts';

export interface DrainBounds {
  /** Bytes read and dropped at most after the worker stops reading; past them the body is cancelled. */
  bytes: number;
  /**
   * How long one read may wait: a client that declared a length and sends nothing (it waits for
   * `100 Continue`, or stalls) gets its answer after this, not never. Seconds, not less: a client
   * sending its body on a busy machine (a test run) can pause for a while between two writes.
   */
  idleMs: number;
}

export const drainBounds: DrainBounds = { bytes: 64 * 1024 * 1024, idleMs: 5000 };

export interface DrainingRequest {
  /** The request to hand the worker: the same, its body read through a stream that drains on cancel. */
  request: Request;
  /**
   * Once the worker has answered: settles when the rest of a body it cancelled or left unread is
   * read (or given up); at once when it read the body to its end.
   */
  drained(): Promise<void>;
}

/** `request` with a body that, once the worker cancels it or answers without it, reads the rest and drops it. */
export function drainingOnCancel(request: Request, bounds = drainBounds): DrainingRequest {
  const source = request.body;
  if (!source) return { request, drained: () => Promise.resolve() };
  const reader = source.getReader();
  let draining: Promise<void> | undefined;
  // The read a pull has under way: the reader takes one at a time, so the drain starts after it.
  let reading: Promise<unknown> = Promise.resolve();
  const body = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const read = reader.read();
        reading = read;
        const { done, value } = await read;
        if (done) controller.close();
        else controller.enqueue(value);
      },
      cancel(reason) {
        draining = drain(reader, reading, bounds, reason);
      },
    },
    // Nothing is read before the worker asks: a body it refuses unread waits on no read.
    { highWaterMark: 0 },
  );
  // `duplex`: a streamed body's, which workerd's types do not list.
  const init = { body, duplex: 'half' } as RequestInit;
  const drained = async () => {
    // A body the worker answered without reading (a 405, a 415) is drained too: cancelling a body it
    // read to its end, or still holds a reader of, does nothing.
    if (!draining) await body.cancel().catch(() => undefined);
    await draining;
  };
  return { request: new Request(request, init), drained };
}

/**
 * Reads and drops what is left of the body, once the read under way (`pending`) is done: to its end,
 * or until `bounds.bytes` are read or a read waits past `bounds.idleMs`, and then lets it go.
 */
async function drain(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  pending: Promise<unknown>,
  bounds: DrainBounds,
  reason: unknown,
): Promise<void> {
  const stalled = () => new Error('the client stopped sending its body');
  try {
    await withDeadline(pending, bounds.idleMs, stalled);
    for (let read = 0; read <= bounds.bytes;) {
      const next = await withDeadline(reader.read(), bounds.idleMs, stalled);
      if (next.done) return;
      read += next.value.byteLength;
    }
  } catch {
    // A client that stalled or went away: the answer goes back without the rest.
  }
  await reader.cancel(reason).catch(() => undefined);
}

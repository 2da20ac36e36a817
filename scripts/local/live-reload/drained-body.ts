// wrangler dev's proxy (between the reader and the dev worker) streams a request's body on to the
// worker, and when the worker stops reading it (a chunked body past its route's cap, refused with
// 413) the proxy's own fetch fails: the client gets the proxy's 503 "Your worker restarted
// mid-request" in place of the worker's JSON 413. So, under `npm start` only, what the worker
// leaves of a chunked body is read and dropped before its answer goes back, up to a bound; the
// worker still holds no more than its cap. A deploy has no such proxy and bundles none of this:
// there the worker's cancel ends the read.

/** What is read and dropped at most after the worker stops reading; past it the body is cancelled. */
export const drainedBytes = 64 * 1024 * 1024;

export interface DrainingRequest {
  /** The request to hand the worker: the same, its body read through a stream that drains on cancel. */
  request: Request;
  /** Settles once the rest of a cancelled body is read (or given up): at once when nothing was cancelled. */
  drained(): Promise<void>;
}

/** `request` with a body that, once the worker cancels it, reads the rest and drops it (chunked bodies only). */
export function drainingOnCancel(request: Request, limit = drainedBytes): DrainingRequest {
  const source = request.body;
  // A declared length over a cap is refused before anything is sent (a client waits for
  // `100 Continue`): that answer reaches the client as it is.
  if (!source || request.headers.has('content-length')) return { request, drained: () => Promise.resolve() };
  const reader = source.getReader();
  let draining: Promise<void> | undefined;
  // The read a pull has under way: the reader takes one at a time, so the drain starts after it.
  let reading: Promise<unknown> = Promise.resolve();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const read = reader.read();
      reading = read;
      const { done, value } = await read;
      if (done) controller.close();
      else controller.enqueue(value);
    },
    cancel(reason) {
      draining = reading.then(
        () => drain(reader, limit, reason),
        () => undefined,
      );
    },
  });
  // `duplex`: a streamed body's, which workerd's types do not list.
  const init = { body, duplex: 'half' } as RequestInit;
  return { request: new Request(request, init), drained: () => draining ?? Promise.resolve() };
}

async function drain(reader: ReadableStreamDefaultReader<Uint8Array>, limit: number, reason: unknown): Promise<void> {
  let read = 0;
  try {
    while (read <= limit) {
      const { done, value } = await reader.read();
      if (done) return;
      read += value.byteLength;
    }
    await reader.cancel(reason);
  } catch {
    // The client went away: there is nobody left to answer.
  }
}

// Request bodies read with a byte cap. A declared `Content-Length` over the cap is refused before
// anything is read; a body without one (chunked) is read as a stream and dropped as soon as it
// passes the cap, so a sender can never make the isolate hold more than the cap.

import { HTTPException } from 'hono/http-exception';

/** A body over its route's cap: the error handler answers 413 in the route's JSON shape. */
export class BodyTooLarge extends HTTPException {
  constructor(readonly maxBytes: number) {
    super(413, { message: `The request body is larger than ${maxBytes} bytes` });
  }
}

/** The body's bytes, at most `maxBytes` of them; throws `BodyTooLarge` past that. */
export async function readCappedBytes(request: Request, maxBytes: number): Promise<Uint8Array<ArrayBuffer>> {
  const declared = request.headers.get('content-length');
  if (declared !== null && Number(declared) > maxBytes) {
    await request.body?.cancel().catch(() => undefined);
    throw new BodyTooLarge(maxBytes);
  }
  if (!request.body) return new Uint8Array(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      // Tells the sender to stop: the rest of the body is never read.
      await reader.cancel().catch(() => undefined);
      throw new BodyTooLarge(maxBytes);
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/** The body as UTF-8 text, at most `maxBytes` bytes of it. */
export async function readCappedText(request: Request, maxBytes: number): Promise<string> {
  return new TextDecoder().decode(await readCappedBytes(request, maxBytes));
}

/**
 * A form body (URL-encoded or multipart) read within `maxBytes`, then parsed from those bytes.
 * Throws a 400 when the bytes are not the form their content type says.
 */
export async function readCappedForm(request: Request, maxBytes: number): Promise<FormData> {
  const bytes = await readCappedBytes(request, maxBytes);
  try {
    return await new Response(bytes, {
      headers: { 'content-type': request.headers.get('content-type') ?? '' },
    }).formData();
  } catch {
    throw new HTTPException(400, { message: 'The body is not a valid form' });
  }
}

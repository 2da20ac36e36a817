// A piece's body: entries back to back after its header line, each read alone by where it ends,
// from the piece's text or, without decoding the rest, from its UTF-8 bytes.

export const utf8 = new TextDecoder();

/** Entry `i` of a body of entries back to back, text or bytes, that end at `ends`. */
export function entryText({ body, ends }: { body: string | Uint8Array; ends: number[] }, i: number): string {
  const start = i === 0 ? 0 : ends[i - 1];
  return typeof body === 'string' ? body.slice(start, ends[i]) : utf8.decode(body.subarray(start, ends[i]));
}

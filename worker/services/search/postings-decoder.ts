// Postings decoded by a small WebAssembly module (postings.wasm, assembled by
// scripts/compiler/tools/postings-wasm.ts): the loop of `decodePostings`, run as machine code from its
// first call. In V8's interpreter, as on a cold isolate, the JavaScript loop is slow over every
// character, and a common word's list is long; the module decodes it at machine speed. Same
// format, same answers: a refused text is handed to `decodePostings`, which throws the error that
// says what is wrong.

import { decodePostings, postingContinues, type Postings } from '../../../client/contract/postings.ts';
import postingsModule from './postings.wasm';

/** Where the module reads the text: its digit table comes first. */
const textOffset = 128;
/**
 * Characters decoded a call, so the module's memory stays fixed: the text, then 4 bytes of id and
 * one of meta a character at most, about 390 KB.
 */
const window = 64 * 1024;
const pageBytes = 64 * 1024;

interface Decoder {
  decode(length: number, previous: number): number;
  memory: WebAssembly.Memory;
}

let decoder: Decoder | null | undefined;
const encoder = new TextEncoder();

function instantiate(): Decoder | null {
  try {
    const { exports } = new WebAssembly.Instance(postingsModule, {});
    const memory = exports.memory as WebAssembly.Memory;
    const needed = textOffset + 6 * window + 4;
    if (memory.buffer.byteLength < needed) memory.grow(Math.ceil((needed - memory.buffer.byteLength) / pageBytes));
    return { decode: exports.decode as Decoder['decode'], memory };
  } catch (error) {
    console.warn('the postings decoder did not start; decoding in JavaScript:', (error as Error).message);
    return null;
  }
}

/** `refused`: what decodes a text the module refuses (the JavaScript decoder, which says why). */
export function decodePostingsFast(text: string, refused = decodePostings): Postings {
  decoder ??= instantiate();
  if (!decoder) return refused(text);
  const { decode, memory } = decoder;
  const ids = new Uint32Array(text.length);
  const metas = new Uint8Array(text.length);
  let n = 0;
  let previous = 0;
  for (let start = 0; start < text.length;) {
    let end = Math.min(start + window, text.length);
    // A window ends after a posting's last digit.
    while (end < text.length && end > start && postingContinues(text.charCodeAt(end - 1))) end--;
    const length = end - start;
    const { read, written } = encoder.encodeInto(
      text.slice(start, end),
      new Uint8Array(memory.buffer, textOffset, length),
    );
    // Beyond ASCII, or no posting ends in the window: not a list the encoder wrote.
    if (length === 0 || read !== length || written !== length) return refused(text);
    const count = decode(length, previous);
    if (count < 0) return refused(text);
    const idsAt = (textOffset + length + 3) & ~3;
    ids.set(new Uint32Array(memory.buffer, idsAt, count), n);
    metas.set(new Uint8Array(memory.buffer, idsAt + 4 * length, count), n);
    n += count;
    if (count > 0) previous = ids[n - 1]!;
    start = end;
  }
  return { ids: ids.slice(0, n), metas: metas.slice(0, n) };
}

// Postings of the split search index: sorted record ids, stored as one number each: (id − previous id) × 256 + meta,
// where meta = type rank × 32 + field bits. The numbers are varints of 5 bits a character
// (a sixth bit says more follow), in characters JSON keeps as they are.

/** The posting digits, 0 to 63 (the WebAssembly decoder's table is built from it too). */
export const postingAlphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const digitOf = new Int8Array(128).fill(-1);
for (let i = 0; i < postingAlphabet.length; i++) digitOf[postingAlphabet.charCodeAt(i)] = i;

/** Whether a posting character says more digits follow (so no posting ends after it). */
export const postingContinues = (code: number): boolean => (digitOf[code] ?? -1) >= 32;

export function encodeVarint(value: number, out: string[]): void {
  let rest = value;
  while (rest >= 32) {
    out.push(postingAlphabet[(rest % 32) + 32]!);
    rest = Math.floor(rest / 32);
  }
  out.push(postingAlphabet[rest]!);
}

export function encodePostings(ids: ArrayLike<number>, metas: ArrayLike<number>): string {
  const out: string[] = [];
  let previous = 0;
  for (let i = 0; i < ids.length; i++) {
    encodeVarint((ids[i]! - previous) * 256 + metas[i]!, out);
    previous = ids[i]!;
  }
  return out.join('');
}

export interface Postings {
  ids: Uint32Array;
  metas: Uint8Array;
}

/**
 * Throws on a character no encoder writes, so a damaged piece is noticed, not misread. One pass
 * into arrays as long as the text (a posting takes a character at least), then copied to size:
 * on a cold isolate this loop runs interpreted, and counting first doubled it.
 */
export function decodePostings(text: string): Postings {
  const ids = new Uint32Array(text.length);
  const metas = new Uint8Array(text.length);
  let previous = 0;
  let value = 0;
  let scale = 1;
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const digit = digitOf[text.charCodeAt(i)] ?? -1;
    if (digit < 0) throw new Error(`not a posting character at ${i}`);
    if (digit >= 32) {
      value += (digit - 32) * scale;
      scale *= 32;
      continue;
    }
    value += digit * scale;
    const meta = value % 256;
    previous += (value - meta) / 256;
    ids[n] = previous;
    metas[n++] = meta;
    value = 0;
    scale = 1;
  }
  if (scale !== 1) throw new Error('a posting is cut short');
  return { ids: ids.slice(0, n), metas: metas.slice(0, n) };
}

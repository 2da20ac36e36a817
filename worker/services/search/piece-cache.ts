// The isolate's memory of search pieces (parsed) and decoded postings (a ByteCache): least
// recently used first out, bounded in bytes so a big site's index never crowds the 128 MB isolate.
// An entry is charged what V8 keeps for it, counted from the value itself (not its text's length):
// the bench checks the sum against the heap of the same service run in Node.

/**
 * Default budget: 28 MiB, so that what search holds in all (the cache, the query's own work and the
 * postings decoder's 448 KiB) stays within 32 MB, a quarter of an isolate.
 */
export const defaultCacheBytes = 28 * 1024 * 1024;

// V8's layout on 64-bit, without pointer compression (the larger case): a tagged slot is 8 bytes,
// a string is a 16-byte header then a byte a character (Latin-1) or two, rounded up to 8; an
// array is a JSArray (32) and its backing store (16 + 8 a slot); an object a header (24) and 8 a
// property; a non-integer number is a boxed HeapNumber (16).
const slot = 8;
const stringHeader = 16;
const arrayHeader = 32 + 16;
const objectHeader = 24;
const heapNumber = 16;
/** A typed array and its ArrayBuffer, beyond the bytes they hold. */
const typedArrayHeader = 160;
/** A character beyond Latin-1 makes V8 keep the whole string at two bytes a character. */
const wide = /[\u0100-\uffff]/;

const roundUp = (bytes: number) => Math.ceil(bytes / slot) * slot;

/** Bytes a string's characters take in V8; `latin1`: known to hold no wider character. */
export function stringBytes(text: string, latin1 = false): number {
  return roundUp(stringHeader + text.length * (!latin1 && wide.test(text) ? 2 : 1));
}

/** An array of `length` slots, without what the slots point to. */
export const arrayBytes = (length: number) => arrayHeader + length * slot;

/** A plain object of `properties` properties, without what they point to. */
export const objectBytes = (properties: number) => objectHeader + properties * slot;

/**
 * At least what V8 keeps for `strings` strings parsed from a JSON text of `chars` characters,
 * without looking at each: every string's header and rounding, and every character of the text
 * but their quotes as if it were in one. (A loop over a piece's tens of thousands of strings was most of what a cold
 * isolate spent on the piece.)
 */
export function jsonStringsBytes(chars: number, strings: number, latin1: boolean): number {
  return strings * (stringHeader + slot - 1) + (chars - 2 * strings) * (latin1 ? 1 : 2);
}

/** A list of `length` tuples of `size` values each (strings and small integers), without the strings. */
export const tupleListBytes = (length: number, size: number) => arrayBytes(length) + length * arrayBytes(size);

/**
 * Whether every string parsed from a JSON text is Latin-1: the text has no wider character and no
 * escape that could stand for one. One look at the whole text, instead of one a string: on a cold
 * isolate the regular expression runs unoptimised, and a query's pieces hold tens of thousands of
 * strings. `utf8Bytes`: the length of the bytes `text` was decoded from, when known.
 */
export function latin1Json(text: string, utf8Bytes?: number): boolean {
  // As many UTF-8 bytes as characters: ASCII but for replaced bad bytes (one character each), and
  // only an escape could stand for a wider one. Plain searches: no regular expression to compile
  // and run on a cold isolate.
  if (utf8Bytes === text.length) return !text.includes('\\u') && !text.includes('\ufffd');
  return !wideOrEscaped.test(text);
}
const wideOrEscaped = /[\u0100-\uffff]|\\u/;

/**
 * Bytes V8 keeps for a value parsed from JSON: strings, numbers, arrays and plain objects.
 * `latin1`: its strings are known to be Latin-1 (`latin1Json` of its text).
 */
export function retainedBytes(value: unknown, latin1 = false): number {
  if (typeof value === 'string') return stringBytes(value, latin1);
  if (typeof value === 'number') return Number.isInteger(value) && Math.abs(value) < 2 ** 30 ? 0 : heapNumber;
  if (Array.isArray(value)) {
    let bytes = arrayBytes(value.length);
    for (const item of value) bytes += retainedBytes(item, latin1);
    return bytes;
  }
  // A view keeps its whole buffer (a piece read as bytes keeps its header's bytes beside its body).
  if (ArrayBuffer.isView(value)) return typedArrayHeader + value.buffer.byteLength;
  if (typeof value === 'object' && value !== null) {
    const items = Object.values(value);
    let bytes = objectBytes(items.length);
    for (const item of items) bytes += retainedBytes(item, latin1);
    return bytes;
  }
  return 0;
}

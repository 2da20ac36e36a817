// Bytes as lower-case hex, for cache keys and signed ids.

/** Each byte's two hex digits: a cold isolate's first search ran a closure, toString and padStart a byte. */
const digits = Array.from({ length: 256 }, (_, byte) => (byte < 16 ? '0' : '') + byte.toString(16));

export function hex(bytes: Uint8Array): string {
  let out = '';
  for (const byte of bytes) out += digits[byte];
  return out;
}

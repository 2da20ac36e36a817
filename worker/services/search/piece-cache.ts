// The isolate's memory of search pieces (parsed) and decoded postings (a ByteCache): least
// recently used first out, bounded in bytes so a big site's index never crowds the 128 MB isolate.

/** Default budget: a quarter of an isolate's memory at most. */
export const defaultCacheBytes = 32 * 1024 * 1024;

/**
 * Estimated bytes of a parsed JSON piece. V8 keeps a string of Latin-1 characters at a byte a
 * character, others at two: postings are ASCII, record text may be any script. Objects and
 * arrays add their headers.
 */
export function parsedBytes(text: string, bytesPerCharacter: 1 | 2): number {
  return text.length * bytesPerCharacter + 1024;
}

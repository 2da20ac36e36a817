// How many distinct records several id lists hold between them (`nbHits` of a word whose terms
// overlap), without merging the lists: one bit a record, set as the lists are read, so that each
// id costs a load and a test rather than a step through a heap of the lists.

/** Bits of the records a page's first ranks hold: two words a page (ranks 0–63). */
const ranksInBits = 64;
/** Shared by every count (an isolate counts one query at a time), left zeroed after each. */
let seen = new Uint32Array(0);

/** Distinct records among `lists` (ids ascending, page × 2^rankBits + rank). */
export function distinctRecords(lists: Uint32Array[], rankBits: number): number {
  const filled = lists.filter((list) => list.length > 0);
  if (filled.length <= 1) return filled[0]?.length ?? 0;
  let firstPage = Infinity;
  let lastPage = 0;
  for (const list of filled) {
    firstPage = Math.min(firstPage, list[0]! >>> rankBits);
    lastPage = Math.max(lastPage, list[list.length - 1]! >>> rankBits);
  }
  const words = (lastPage + 1) * 2;
  if (seen.length < words) seen = new Uint32Array(words);
  const rankMask = 2 ** rankBits - 1;
  // A page with more records than the bits hold counts its others in a set.
  let beyond: Set<number> | undefined;
  let n = 0;
  for (const list of filled) {
    for (let i = 0; i < list.length; i++) {
      const id = list[i]!;
      const rank = id & rankMask;
      if (rank < ranksInBits) {
        const word = (id >>> rankBits) * 2 + (rank >>> 5);
        const bit = 1 << (rank & 31);
        if ((seen[word]! & bit) === 0) {
          seen[word]! |= bit;
          n++;
        }
      } else if (!(beyond ??= new Set()).has(id)) {
        beyond.add(id);
        n++;
      }
    }
  }
  seen.fill(0, firstPage * 2, words);
  return n;
}

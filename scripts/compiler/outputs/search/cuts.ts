// Where the index's runs of entries (terms in vocabulary order, a common term's postings, pages'
// records) are cut into pieces. A cut is decided by the entry it follows, never by how much came
// before it alone: a piece ends after an entry chosen by its own hash (the more bytes the entry
// holds, the likelier), once the piece holds `min`, or where it would pass `max`. So an edit that
// grows or shrinks one entry remakes the piece holding it, and the cuts after it stay where they
// were: with cuts counted from the start, every later piece of the run moved and was written again
// (a paragraph added to one page of 100,000 rewrote every later piece of each common word).

export interface CutRule {
  /** A piece holds at least this much before it may end. */
  min: number;
  /** Past `min`, an entry of `spread` bytes ends the piece for sure; a smaller one in proportion. */
  spread: number;
  /** A piece never holds more (its entries' size past it closes the piece before them). */
  max: number;
}

/**
 * The rule for pieces of `target` bytes on average, none past `max` (`target` × 1.6 when not
 * given): entries of a few bytes end a piece past 60% of the target, then at a chance that brings
 * the average to the target, about one piece in nine reaching `max`.
 */
export function cutRule(target: number, max = target * 1.6): CutRule {
  const min = Math.min(target * 0.6, max / 2);
  return { min, spread: Math.max(1, Math.min(target * 0.45, max - min)), max };
}

/** A well-mixed 32-bit hash of a number (murmur3's finaliser). */
export function mixNumber(value: number): number {
  let h = (value ^ 0x9e3779b9) >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/** A well-mixed 32-bit hash of a string (FNV-1a over its UTF-16 units, then mixed). */
export function mixString(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return mixNumber(h >>> 0);
}

/**
 * Whether a piece holding `held` bytes ends after an entry of `size` bytes whose hash is `hash`:
 * never below `rule.min`, then with a chance of `size / rule.spread`.
 */
export function endsAfter(hash: number, size: number, held: number, rule: CutRule): boolean {
  if (held < rule.min) return false;
  return hash < Math.min(1, size / rule.spread) * 2 ** 32;
}

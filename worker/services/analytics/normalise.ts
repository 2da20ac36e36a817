// How a query is counted: the same words typed differently are one query, and nothing long
// enough to hold personal details is kept.

export const maxQueryLength = 64;

/** Trimmed, lower-case, inner whitespace collapsed, cut to 64 characters (whole code points). */
export function normaliseQuery(query: string): string {
  const collapsed = query.trim().toLowerCase().replace(/\s+/g, ' ');
  return [...collapsed].slice(0, maxQueryLength).join('').trimEnd();
}

/**
 * The queryID the search endpoint answers with: a hash of the normalised query, so a click
 * event (which carries only the queryID) finds its query's row without the worker keeping
 * any per-search state. 32 hex digits, like Algolia's.
 */
export function queryIdFor(query: string): string {
  const text = normaliseQuery(query);
  let out = '';
  for (const seed of [0x811c9dc5, 0x01000193, 0x5bd1e995, 0x27d4eb2f]) {
    let hash = seed >>> 0;
    for (let i = 0; i < text.length; i++) {
      hash ^= text.charCodeAt(i);
      hash = Math.imul(hash, 0x01000193) >>> 0;
    }
    out += hash.toString(16).padStart(8, '0');
  }
  return out;
}

/** The UTC day a row belongs to, `YYYY-MM-DD`. */
export function dayOf(time: Date | number): string {
  return new Date(time).toISOString().slice(0, 10);
}

/**
 * An Algolia answer's queryID is Algolia's own: we answer with it followed by ours, so a click
 * counts in D1 and still reaches Algolia Insights with the id Algolia gave.
 */
export function joinQueryIds(algoliaQueryId: string, query: string): string {
  return `${algoliaQueryId}${queryIdFor(query)}`;
}

/** The two halves of a queryID from `joinQueryIds` (`algolia` absent for our own answers). */
export function splitQueryId(queryId: string): { ours: string; algolia?: string } {
  return queryId.length === 64 ? { algolia: queryId.slice(0, 32), ours: queryId.slice(32) } : { ours: queryId };
}

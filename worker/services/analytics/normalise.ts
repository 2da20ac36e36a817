// How a query is counted: the same words typed differently are one query, and nothing long
// enough to hold personal details is kept.

export const maxQueryLength = 64;

/** Trimmed, lower-case, inner whitespace collapsed, cut to 64 characters (whole code points). */
export function normaliseQuery(query: string): string {
  const collapsed = query.trim().toLowerCase().replace(/\s+/g, ' ');
  return [...collapsed].slice(0, maxQueryLength).join('').trimEnd();
}

/**
 * The normalised query's hash, 16 hex digits: the `query_id` of its D1 rows, carried inside the
 * signed queryID (query-id.ts) so a click finds its search's row without the worker keeping any
 * per-search state.
 */
export function queryHash(query: string): string {
  const text = normaliseQuery(query);
  let out = '';
  for (const seed of [0x811c9dc5, 0x01000193]) {
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

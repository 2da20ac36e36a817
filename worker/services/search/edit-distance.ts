// The typo distance between a query word and an indexed term, bounded: Levenshtein's edits, and
// two adjacent letters swapped as one (as Algolia counts typos). Term candidates use it to keep a
// term within a word's typos, and highlights to mark the words that matched with one.

let beforeRow = new Int32Array(64);
let previousRow = new Int32Array(64);
let currentRow = new Int32Array(64);

/**
 * Edit distance (Levenshtein's edits, and two adjacent letters swapped as one, as Algolia counts
 * typos), or `limit + 1` as soon as it must exceed `limit`. A common start and end cost nothing,
 * so only what lies between is compared; there, one edit (the usual typo) leaves at most a letter
 * on either side or a swapped pair, and otherwise only the band of cells within `limit` of the
 * diagonal can stay within it, so only those are computed.
 */
export function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let start = 0;
  const shorter = Math.min(a.length, b.length);
  while (start < shorter && a.charCodeAt(start) === b.charCodeAt(start)) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a.charCodeAt(endA - 1) === b.charCodeAt(endB - 1)) {
    endA--;
    endB--;
  }
  const restA = endA - start;
  const restB = endB - start;
  if (restA === 0 || restB === 0) return Math.min(restA + restB, limit + 1);
  if (restA === 1 && restB === 1) return Math.min(1, limit + 1);
  if (restA === 2 && restB === 2 && a[start] === b[start + 1] && a[start + 1] === b[start])
    return Math.min(1, limit + 1);
  if (limit <= 1) return limit + 1;
  // An edit changes the letters' counts by two at most: counts further apart than that allow
  // rule most terms out before the band is computed.
  if (countsApart(a, b, start, endA, endB) > 2 * limit) return limit + 1;
  return bandedDistance(a.slice(start, endA), b.slice(start, endB), limit);
}

/** Per letter (six bits of its code: letters sharing them count together, which only lowers the sum). */
const letterCounts = new Int32Array(64);

/** The sum over letters of how often `a[start, endA)` holds each minus `b[start, endB)`, in absolute value. */
function countsApart(a: string, b: string, start: number, endA: number, endB: number): number {
  for (let i = start; i < endA; i++) letterCounts[a.charCodeAt(i) & 63]!++;
  for (let i = start; i < endB; i++) letterCounts[b.charCodeAt(i) & 63]!--;
  let apart = 0;
  for (let i = start; i < endA; i++) {
    const slot = a.charCodeAt(i) & 63;
    apart += Math.abs(letterCounts[slot]!);
    letterCounts[slot] = 0;
  }
  for (let i = start; i < endB; i++) {
    const slot = b.charCodeAt(i) & 63;
    apart += Math.abs(letterCounts[slot]!);
    letterCounts[slot] = 0;
  }
  return apart;
}

function bandedDistance(a: string, b: string, limit: number): number {
  if (b.length + 2 > previousRow.length) {
    beforeRow = new Int32Array(b.length + 2);
    previousRow = new Int32Array(b.length + 2);
    currentRow = new Int32Array(b.length + 2);
  }
  const beyond = limit + 1;
  for (let j = 0; j <= b.length; j++) previousRow[j] = j <= limit ? j : beyond;
  for (let i = 1; i <= a.length; i++) {
    const from = Math.max(1, i - limit);
    const to = Math.min(b.length, i + limit);
    currentRow[from - 1] = from === 1 ? (i <= limit ? i : beyond) : beyond;
    let best = beyond;
    const code = a.charCodeAt(i - 1);
    for (let j = from; j <= to; j++) {
      let value = Math.min(
        previousRow[j]! + 1,
        currentRow[j - 1]! + 1,
        previousRow[j - 1]! + (code === b.charCodeAt(j - 1) ? 0 : 1),
      );
      // A swap of this letter and the one before.
      if (i > 1 && j > 1 && code === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === b.charCodeAt(j - 1))
        value = Math.min(value, beforeRow[j - 2]! + 1);
      currentRow[j] = value > beyond ? beyond : value;
      if (value < best) best = value;
    }
    if (to < b.length) currentRow[to + 1] = beyond;
    if (best > limit) return beyond;
    [beforeRow, previousRow, currentRow] = [previousRow, currentRow, beforeRow];
  }
  return Math.min(previousRow[b.length]!, beyond);
}

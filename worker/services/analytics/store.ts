// The analytics tables in D1 (worker/migrations/0001_search_analytics.sql): writes in one batch each.

import { dayOf } from './normalise.ts';

export interface SearchCount {
  query: string;
  queryId: string;
  searches: number;
  zeroResults: number;
}

export interface ClickCount {
  queryId: string;
  clicks: number;
  positionSum: number;
  views: number;
}

/** Adds the counted searches to today's rows, one statement per query, in one batch. */
export async function writeSearchCounts(db: D1Database, counts: SearchCount[], now = Date.now()): Promise<void> {
  if (counts.length === 0) return;
  const day = dayOf(now);
  const statement = db.prepare(
    `INSERT INTO search_queries (day, query, query_id, searches, zero_results) VALUES (?1, ?2, ?3, ?4, ?5)
     ON CONFLICT (day, query) DO UPDATE SET searches = searches + ?4, zero_results = zero_results + ?5`,
  );
  await db.batch(counts.map((c) => statement.bind(day, c.query, c.queryId, c.searches, c.zeroResults)));
}

/**
 * Adds clicks and views to the latest row of their query (a click can come a little after
 * midnight). Events for a queryID no search produced (Algolia's own ids) change nothing.
 */
export async function writeClickCounts(db: D1Database, counts: ClickCount[]): Promise<void> {
  if (counts.length === 0) return;
  const statement = db.prepare(
    `UPDATE search_queries SET clicks = clicks + ?2, click_position_sum = click_position_sum + ?3, views = views + ?4
     WHERE query_id = ?1 AND day = (SELECT max(day) FROM search_queries WHERE query_id = ?1)`,
  );
  await db.batch(counts.map((c) => statement.bind(c.queryId, c.clicks, c.positionSum, c.views)));
}

/** Reports kept per query and day: enough to hear readers, too few to flood the table. */
export const reportsPerQueryPerDay = 20;

/** Stores a reader report unless the day's cap for that query is reached; says whether it did. */
export async function writeReport(db: D1Database, query: string, note: string, now = Date.now()): Promise<boolean> {
  const day = dayOf(now);
  const result = await db
    .prepare(
      `INSERT INTO reader_reports (day, query, note) SELECT ?1, ?2, ?3
       WHERE (SELECT count(*) FROM reader_reports WHERE day = ?1 AND query = ?2) < ?4`,
    )
    .bind(day, query, note, reportsPerQueryPerDay)
    .run();
  return result.meta.changes > 0;
}

/** Drops the rows older than `retentionDays`; returns how many went. */
export async function deleteOlderThan(db: D1Database, retentionDays: number, now = Date.now()): Promise<number> {
  const cutoff = dayOf(now - retentionDays * 86_400_000);
  const results = await db.batch([
    db.prepare('DELETE FROM search_queries WHERE day < ?1').bind(cutoff),
    db.prepare('DELETE FROM reader_reports WHERE day < ?1').bind(cutoff),
  ]);
  return results.reduce((sum, result) => sum + result.meta.changes, 0);
}

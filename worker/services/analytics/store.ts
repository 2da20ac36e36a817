// The analytics tables in D1 (worker/migrations/): the statements that add to them.

import { dayOf, queryHash } from './normalise.ts';

export interface SearchCount {
  query: string;
  searches: number;
  zeroResults: number;
}

/** A click (`position` ≥ 1) or a view (`position` 0) on the signed search `search`. */
export interface CountedEvent {
  search: string;
  position: number;
  /** The search's UTC day, `YYYY-MM-DD`. */
  day: string;
  queryId: string;
}

/** The row a day's searches go to once the day has its cap of distinct queries. */
export const otherQueriesRow = '';

/** Distinct queries a day may add to `search_queries` unless ANALYTICS_QUERIES_PER_DAY says otherwise. */
export const defaultQueriesPerDay = 2000;

/** Events kept per day for telling repeats apart: far above what readers click, a bound on a flood. */
export const countedEventsPerDay = 100_000;

/** Rows one statement inserts into `counted_events`: D1 binds at most 100 parameters. */
export const eventsPerStatement = 20;

/**
 * One statement per query, adding to today's row of that query; a query the day has no row for
 * yet gets one only while the day has fewer than `queriesPerDay`, else it adds to the day's
 * other-queries row. D1 checks the cap itself, so it holds across isolates.
 */
export function searchCountStatements(
  db: D1Database,
  counts: SearchCount[],
  queriesPerDay: number,
  now = Date.now(),
): D1PreparedStatement[] {
  const day = dayOf(now);
  const statement = db.prepare(
    `INSERT INTO search_queries (day, query, query_id, searches, zero_results)
     SELECT ?1, q.query, CASE WHEN q.query = ?2 THEN ?3 ELSE '' END, ?4, ?5
     FROM (SELECT CASE
             WHEN EXISTS (SELECT 1 FROM search_queries WHERE day = ?1 AND query = ?2)
               OR (SELECT count(*) FROM search_queries WHERE day = ?1 AND query <> '') < ?6 THEN ?2
             ELSE '' END AS query) AS q
     WHERE true
     ON CONFLICT (day, query) DO UPDATE SET
       searches = searches + excluded.searches, zero_results = zero_results + excluded.zero_results`,
  );
  return counts.map((c) =>
    statement.bind(day, c.query, c.query ? queryHash(c.query) : '', c.searches, c.zeroResults, queriesPerDay),
  );
}

/**
 * Statements of up to `eventsPerStatement` events each. An event counts once: its (search,
 * position) row is inserted only if new, and the table's trigger (worker/migrations/
 * 0002_signed_clicks.sql) then adds it to its search's row. Events whose search has no row
 * (a search not counted, such as the modal's while the reader types) leave nothing.
 */
export function countedEventStatements(db: D1Database, events: CountedEvent[]): D1PreparedStatement[] {
  const statements: D1PreparedStatement[] = [];
  for (let start = 0; start < events.length; start += eventsPerStatement) {
    const chunk = events.slice(start, start + eventsPerStatement);
    const values = chunk.map(() => '(?, ?, ?, ?)').join(', ');
    statements.push(
      db
        .prepare(
          `INSERT OR IGNORE INTO counted_events (search, position, day, query_id)
           SELECT v.column1, v.column2, v.column3, v.column4 FROM (VALUES ${values}) AS v
           WHERE EXISTS (SELECT 1 FROM search_queries q WHERE q.query_id = v.column4 AND q.day = v.column3)
             AND (SELECT count(*) FROM counted_events c WHERE c.day = v.column3) < ${countedEventsPerDay}`,
        )
        .bind(...chunk.flatMap((e) => [e.search, e.position, e.day, e.queryId])),
    );
  }
  return statements;
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

/** Drops the rows older than `retentionDays`, and events that can no longer repeat; returns how many rows went. */
export async function deleteOlderThan(db: D1Database, retentionDays: number, now = Date.now()): Promise<number> {
  const cutoff = dayOf(now - retentionDays * 86_400_000);
  const results = await db.batch([
    db.prepare('DELETE FROM search_queries WHERE day < ?1').bind(cutoff),
    db.prepare('DELETE FROM reader_reports WHERE day < ?1').bind(cutoff),
    // A click may name a search of today or yesterday only: older events cannot repeat.
    db.prepare('DELETE FROM counted_events WHERE day < ?1').bind(dayOf(now - 86_400_000)),
  ]);
  return results.slice(0, 2).reduce((sum, result) => sum + result.meta.changes, 0);
}

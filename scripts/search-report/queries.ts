// What `npm run search:report` asks D1, in one `wrangler d1 execute` call: one statement per table.

export interface QueryStats {
  query: string;
  searches: number;
  zero_results: number;
  clicks: number;
  click_position_sum: number;
}

export interface ReaderReport {
  day: string;
  query: string;
  note: string;
}

export interface ReportData {
  days: number;
  since: string;
  totals: { searches: number; zero_results: number; clicks: number; click_position_sum: number };
  /** Searches of days past their cap of distinct queries, kept in one row a day (query ''). */
  other: { searches: number; zero_results: number; days: number };
  top: QueryStats[];
  noResults: QueryStats[];
  reports: ReaderReport[];
}

const listed = 20;

/** The SQL for the last `days` days (today included); `since` is a `YYYY-MM-DD` literal checked by the caller. */
export function reportSql(since: string): string {
  const sums =
    'sum(searches) AS searches, sum(zero_results) AS zero_results, sum(clicks) AS clicks, ' +
    'sum(click_position_sum) AS click_position_sum';
  const where = `WHERE day >= '${since}'`;
  // The other-queries row (query '') counts in the totals, not as a query of its own.
  const named = `${where} AND query <> ''`;
  return [
    `SELECT ${sums} FROM search_queries ${where}`,
    `SELECT query, ${sums} FROM search_queries ${named} GROUP BY query ORDER BY searches DESC, query LIMIT ${listed}`,
    `SELECT query, ${sums} FROM search_queries ${named} GROUP BY query HAVING sum(zero_results) > 0 ` +
      `ORDER BY zero_results DESC, query LIMIT ${listed}`,
    `SELECT day, query, note FROM reader_reports ${where} ORDER BY day DESC, id DESC LIMIT 50`,
    `SELECT sum(searches) AS searches, sum(zero_results) AS zero_results, count(*) AS days FROM search_queries ${where} AND query = ''`,
  ].join('; ');
}

/** The first day counted when the report covers `days` days up to `now`. */
export function sinceDay(days: number, now = Date.now()): string {
  return new Date(now - (days - 1) * 86_400_000).toISOString().slice(0, 10);
}

/** `wrangler d1 execute --json` output (one `{ results }` per statement) → the report's data. */
export function reportData(json: unknown, days: number, since: string): ReportData {
  const sets = (json as { results: unknown[] }[]).map((set) => set.results);
  const totals = (sets[0]?.[0] ?? {}) as Partial<ReportData['totals']>;
  const other = (sets[4]?.[0] ?? {}) as Partial<ReportData['other']>;
  return {
    days,
    since,
    totals: {
      searches: totals.searches ?? 0,
      zero_results: totals.zero_results ?? 0,
      clicks: totals.clicks ?? 0,
      click_position_sum: totals.click_position_sum ?? 0,
    },
    top: (sets[1] ?? []) as QueryStats[],
    noResults: (sets[2] ?? []) as QueryStats[],
    reports: (sets[3] ?? []) as ReaderReport[],
    other: {
      searches: other.searches ?? 0,
      zero_results: other.zero_results ?? 0,
      days: other.days ?? 0,
    },
  };
}

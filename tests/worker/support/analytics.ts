// The analytics D1 in tests: migrated once, emptied before each test, read back as rows.

/// <reference types="@cloudflare/vitest-pool-workers/types" />
import { applyD1Migrations, env, type D1Migration } from 'cloudflare:test';

export const db = (env as unknown as { ANALYTICS: D1Database }).ANALYTICS;

export async function resetAnalytics(): Promise<void> {
  await applyD1Migrations(db, (env as unknown as { TEST_MIGRATIONS: D1Migration[] }).TEST_MIGRATIONS);
  await db.batch([
    db.prepare('DELETE FROM search_queries'),
    db.prepare('DELETE FROM reader_reports'),
    db.prepare('DELETE FROM counted_events'),
  ]);
}

export interface QueryRow {
  day: string;
  query: string;
  query_id: string;
  searches: number;
  zero_results: number;
  views: number;
  clicks: number;
  click_position_sum: number;
}

export async function queryRows(): Promise<QueryRow[]> {
  return (await db.prepare('SELECT * FROM search_queries ORDER BY query').all<QueryRow>()).results;
}

export async function reportRows(): Promise<{ day: string; query: string; note: string }[]> {
  return (
    await db
      .prepare('SELECT day, query, note FROM reader_reports ORDER BY id')
      .all<{ day: string; query: string; note: string }>()
  ).results;
}

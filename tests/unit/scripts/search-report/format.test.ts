// The pieces of search analytics that need no runtime: how queries are normalised (what is
// counted as one query, and how much is kept) and how `npm run search:report` prints.

import { describe, expect, it } from 'vitest';
import { normaliseQuery, queryHash } from '../../../../worker/services/analytics/normalise.ts';
import { formatReport } from '../../../../scripts/search-report/format.ts';
import { reportData, reportSql, sinceDay } from '../../../../scripts/search-report/queries.ts';

describe('query normalisation', () => {
  it('counts the same words typed differently as one query', () => {
    expect(normaliseQuery('  Install\tKV   Namespace ')).toBe('install kv namespace');
    expect(queryHash('Install KV')).toBe(queryHash('install   kv '));
    expect(queryHash('install kv')).toMatch(/^[0-9a-f]{16}$/);
    expect(queryHash('install kv')).not.toBe(queryHash('install kvs'));
  });

  it('keeps at most 64 characters, whole characters only', () => {
    expect([...normaliseQuery('é'.repeat(100))]).toHaveLength(64);
    expect(normaliseQuery(`${'a'.repeat(63)} b`)).toBe('a'.repeat(63));
  });
});

describe('search:report', () => {
  it('prints totals, top queries, queries with no results and reader reports', () => {
    const since = sinceDay(30, Date.parse('2026-11-23T12:00:00Z'));
    expect(since).toBe('2026-10-25');
    const row = (query: string, searches: number, zero: number, clicks: number, sum: number) => ({
      query,
      searches,
      zero_results: zero,
      clicks,
      click_position_sum: sum,
    });
    const json = [
      { results: [row('', 12, 2, 5, 9)] },
      { results: [row('setup', 10, 0, 5, 9), row('xylophone', 2, 2, 0, 0)] },
      { results: [row('xylophone', 2, 2, 0, 0)] },
      { results: [{ day: '2026-11-23', query: 'xylophone', note: 'expected\na page' }] },
    ];
    const text = formatReport(reportData(json, 30, since));
    expect(text).toContain('Search report: last 30 days (since 2026-10-25)');
    expect(text).toContain('click-through rate 41.7% · mean click position 1.8');
    expect(text).toMatch(
      /Top queries\nquery +searches +no results +clicks +CTR +mean position\n[- ]+\nsetup +10 +0 +5 +50\.0% +1\.8/,
    );
    expect(text).toMatch(/Queries with no results\n.*\n.*\nxylophone +2 +2 +0 +0\.0% +–/);
    expect(text).toMatch(/Reader reports\n.*\n.*\n2026-11-23 +xylophone +expected a page/);
  });

  it('says when there is nothing yet', () => {
    const text = formatReport(
      reportData([{ results: [{}] }, { results: [] }, { results: [] }, { results: [] }], 7, 'x'),
    );
    expect(text).toContain('(no searches yet)');
    expect(text).toContain('click-through rate –');
    expect(text).not.toContain('other queries');
  });

  it('shows the searches of days past their cap of distinct queries as other queries, not as a query', () => {
    const json = [
      { results: [{ searches: 30, zero_results: 4, clicks: 0, click_position_sum: 0 }] },
      { results: [{ query: 'setup', searches: 10, zero_results: 0, clicks: 0, click_position_sum: 0 }] },
      { results: [] },
      { results: [] },
      { results: [{ searches: 20, zero_results: 4, days: 2 }] },
    ];
    const text = formatReport(reportData(json, 7, '2026-11-17'));
    expect(text).toMatch(/other queries: 20 searches \(4 with no results\) on 2 days that had reached the cap/);
    expect(text).toMatch(/Top queries\n.*\n.*\nsetup +10\n?/);
    const sql = reportSql('2026-11-17');
    expect(sql.match(/query <> ''/g)).toHaveLength(2);
    expect(sql).toContain("AND query = ''");
  });

  it('only reads the days asked for', () => {
    expect(reportSql('2026-10-25').match(/day >= '2026-10-25'/g)).toHaveLength(5);
  });
});

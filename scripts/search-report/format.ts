// The search report as text: totals, then tables a docs team can read in a terminal.

import type { QueryStats, ReportData } from './queries.ts';

function percent(part: number, whole: number): string {
  return whole === 0 ? '–' : `${((100 * part) / whole).toFixed(1)}%`;
}

function meanPosition(row: { clicks: number; click_position_sum: number }): string {
  return row.clicks === 0 ? '–' : (row.click_position_sum / row.clicks).toFixed(1);
}

/** Columns padded to their widest cell; numbers aligned right. */
export function table(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => [...r[i]!].length)));
  const numeric = header.map((_, i) => rows.length > 0 && rows.every((r) => /^(?:[\d.,]+%?|–)$/.test(r[i]!)));
  const line = (cells: string[]) =>
    cells
      .map((cell, i) => (numeric[i] ? cell.padStart(widths[i]!) : cell.padEnd(widths[i]!)))
      .join('  ')
      .trimEnd();
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

function queryRows(rows: QueryStats[]): string[][] {
  return rows.map((r) => [
    r.query,
    String(r.searches),
    String(r.zero_results),
    String(r.clicks),
    percent(r.clicks, r.searches),
    meanPosition(r),
  ]);
}

const queryHeader = ['query', 'searches', 'no results', 'clicks', 'CTR', 'mean position'];

export function formatReport(data: ReportData): string {
  const { totals } = data;
  const out = [
    `Search report: last ${data.days} days (since ${data.since})`,
    '',
    `searches ${totals.searches} · with no results ${totals.zero_results} (${percent(totals.zero_results, totals.searches)})` +
      ` · clicks ${totals.clicks} · click-through rate ${percent(totals.clicks, totals.searches)}` +
      ` · mean click position ${meanPosition(totals)}`,
    ...(data.other.searches > 0
      ? [
          `other queries: ${data.other.searches} searches (${data.other.zero_results} with no results) on ` +
            `${data.other.days === 1 ? '1 day' : `${data.other.days} days`} that had reached the cap of distinct ` +
            'queries a day (ANALYTICS_QUERIES_PER_DAY): counted in the totals, not listed below',
        ]
      : []),
    '',
    'Top queries',
    data.top.length ? table(queryHeader, queryRows(data.top)) : '(no searches yet)',
    '',
    'Queries with no results',
    data.noResults.length ? table(queryHeader, queryRows(data.noResults)) : '(none)',
    '',
    'Reader reports',
    data.reports.length
      ? table(
          ['day', 'query', 'note'],
          data.reports.map((r) => [r.day, r.query, r.note.replace(/\s+/g, ' ')]),
        )
      : '(none)',
  ];
  return out.join('\n');
}

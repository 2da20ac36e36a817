// The bench's HTML report, built from small sample results (tests/fixtures/bench-report/): the
// charts' figures, the tables' rows, and a file that asks for nothing over the network.

import { createHash } from 'node:crypto';
import { copyFile, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildReport, writeReport } from '../../../../../scripts/bench/report/build-report.ts';
import { renderReport } from '../../../../../scripts/bench/report/html.ts';
import type { CurveChart } from '../../../../../scripts/bench/report/model.ts';
import { pageAssets } from '../../../../../scripts/bench/report/page-assets.ts';

const fixtures = 'tests/fixtures/bench-report';
const readJson = async (name: string): Promise<unknown> => JSON.parse(await readFile(join(fixtures, name), 'utf8'));

let scaleHtml: string;
let resultsHtml: string;

beforeAll(async () => {
  scaleHtml = renderReport(buildReport(await readJson('scale.json'), 'scale.json'), pageAssets());
  resultsHtml = renderReport(buildReport(await readJson('results.json'), 'results.json'), pageAssets());
});

/** The curves the page's script draws, as it reads them. */
function curvesOf(html: string): CurveChart[] {
  const json = /<script type="application\/json" id="report-data">([^<]*)<\/script>/.exec(html)?.[1];
  return (JSON.parse(json!) as { curves: CurveChart[] }).curves;
}

const series = (chart: CurveChart | undefined, label: string) =>
  chart?.series.find((line) => line.label === label)?.values;

/** The text of each row of the table with this caption: its cells, tags removed. */
function tableRows(html: string, caption: string): string[][] {
  const start = html.indexOf(`<caption>${caption}`);
  expect(start, `a table captioned "${caption}"`).toBeGreaterThan(-1);
  const body = html.slice(start, html.indexOf('</table>', start));
  return [...body.matchAll(/<tr>(.*?)<\/tr>/g)]
    .slice(1)
    .map((row) => [...row[1]!.matchAll(/<t[hd][^>]*>(.*?)<\/t[hd]>/g)].map((cell) => cell[1]!));
}

describe('the scale report', () => {
  it('draws build time, first search, HTML bytes and memory against pages, a line per shape', () => {
    const curves = curvesOf(scaleHtml);
    const build = curves.find((chart) => chart.id === 'build-time');
    expect(build?.x).toEqual([200, 1000]);
    expect(build?.xLabel).toBe('pages (log scale)');
    expect(series(build, 'cold build · default')).toEqual([11.3, 48.5]);
    expect(series(build, 'cold build · deep sidebars')).toEqual([null, 52.25]);
    expect(series(build, 'rebuild after one change · default')).toEqual([37.9, null]);
    const search = curves.find((chart) => chart.id === 'first-search');
    expect(series(search, 'cold, straight on workerd · default')).toEqual([214.46, 260.5]);
    const html = curves.find((chart) => chart.id === 'html-bytes');
    expect(series(html, 'small page · default')).toEqual([38, null]);
    const memory = curves.find((chart) => chart.id === 'memory');
    expect(series(memory, 'build peak RSS · default')?.[0]).toBeCloseTo(970, 0);
    // A figure no size measured draws no line.
    expect(series(search, 'cold, via Miniflare · default')).toBeUndefined();
    for (const chart of curves) expect(scaleHtml).toContain(`id="chart-${chart.id}"`);
  });

  it('lists every size in the table, the failed one with what failed', () => {
    const rows = tableRows(scaleHtml, 'Figures at each site size');
    expect(rows.map((row) => row.slice(0, 4))).toEqual([
      ['SELF content', 'default', '–', '–'],
      ['200', 'default', '200', '11.3'],
      ['1000', 'default', '1,000', '48.5'],
      ['1000', 'deep sidebars', '1,000', '52.3'],
    ]);
    expect(scaleHtml).toContain('SELF content: build: exited with 1 — build failed:');
  });
});

describe('the bench report', () => {
  it('draws the serving ratios against serve-handler, page by page', () => {
    const chart = resultsHtml.slice(resultsHtml.indexOf('id="serving-rps-title"'));
    expect(chart).toContain('Requests a second, × serve-handler');
    expect(chart).toMatch(/<desc[^>]*>\/: worker cached 1\.55×, worker rendered 0\.45×<\/desc>/);
  });

  it('has a row for each page and each server, route names escaped', () => {
    const pages = tableRows(resultsHtml, 'Page weight');
    expect(pages.map((row) => row[0])).toEqual(['/', '/docs/&lt;script&gt;alert(1)&lt;/script&gt;']);
    expect(pages[0]!.slice(1, 3)).toEqual(['30', '8']);
    // Lighthouse's scores out of 100, as its own report shows them; '–' where no run measured one.
    expect(pages[0]!.slice(6, 10)).toEqual(['99', '100', '96', '100']);
    expect(pages[1]!.slice(6, 8)).toEqual(['–', '98']);
    expect(resultsHtml).not.toContain('<script>alert(1)');
    const serving = tableRows(resultsHtml, 'Each server under load');
    expect(serving.map((row) => row.slice(0, 3))).toEqual([
      ['/', 'serve-handler', '2,000'],
      ['/', 'worker cached', '3,100'],
      ['/', 'worker rendered', '900'],
    ]);
  });

  it('shows figures it does not know as JSON rather than dropping them', () => {
    expect(resultsHtml).toContain('Other figures');
    expect(resultsHtml).toContain('&quot;ttfbMs&quot;');
  });
});

describe('the report file', () => {
  it.each([
    ['scale', () => scaleHtml],
    ['bench', () => resultsHtml],
  ])('of the %s bench loads nothing from the network, and its CSP admits its own script and style', (_name, html) => {
    const page = html();
    expect(page).not.toMatch(/\b(src|href)\s*=\s*["']?\s*(https?:)?\/\//i);
    expect(page).not.toMatch(/url\(\s*["']?(https?:)?\/\//i);
    expect(page).not.toMatch(/@import/i);
    const csp = /<meta http-equiv="Content-Security-Policy" content="([^"]+)">/.exec(page)?.[1] ?? '';
    expect(csp).toContain("default-src 'none'");
    const sha = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
    const style = /<style>([\s\S]*?)<\/style>/.exec(page)![1]!;
    expect(csp).toContain(`style-src ${sha(style)}`);
    const scripts = [...page.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((match) => match[1]!);
    for (const script of scripts) expect(csp).toContain(sha(script));
  });

  it('inlines uPlot and its styles in the scale report', () => {
    expect(scaleHtml).toMatch(/<script>[\s\S]*uPlot[\s\S]*<\/script>/);
    expect(scaleHtml).toContain('.uplot');
  });

  it('is written beside its JSON', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'self-docs-bench-report-'));
    try {
      await copyFile(join(fixtures, 'scale.json'), join(dir, 'scale.json'));
      expect(await writeReport(join(dir, 'scale.json'))).toBe(join(dir, 'scale.html'));
      expect(await readFile(join(dir, 'scale.html'), 'utf8')).toContain('<h1>Scale bench</h1>');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

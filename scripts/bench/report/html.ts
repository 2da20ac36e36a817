// The report as one HTML file that opens from disk: styles, figures and the chart script inline,
// a Content-Security-Policy that allows only those (by hash) and no request at all. Curves come
// first in each section, then the tables; each chart keeps its figures in a table under it.

import { createHash } from 'node:crypto';
import { escapeHtml, scriptJson } from './escape.ts';
import type { CurveChart, RatioChart, Report, ReportSection, Table } from './model.ts';
import type { PageAssets } from './page-assets.ts';
import { reportCss } from './report-css.ts';
import { ratioChartSvg } from './svg-bars.ts';

export function renderReport(report: Report, assets: PageAssets): string {
  const style = `${assets.uplotCss}\n${reportCss}`;
  const curves = report.sections.flatMap((section) => section.curves ?? []);
  const hash = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
  const csp = [
    "default-src 'none'",
    `script-src ${hash(assets.script)}`,
    `style-src ${hash(style)}`,
    'img-src data:',
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ');
  const sections = report.sections.map((section, index) => renderSection(section, `section-${index + 1}`));
  if (report.other && Object.keys(report.other).length > 0) sections.push(renderOther(report.other));
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="${csp}">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="color-scheme" content="light dark">',
    `<title>${escapeHtml(report.title)}</title>`,
    `<style>${style}</style>`,
    '</head>',
    '<body>',
    '<header>',
    `<h1>${escapeHtml(report.title)}</h1>`,
    `<p class="subtitle">${escapeHtml(report.subtitle)}</p>`,
    renderContents(report),
    '</header>',
    '<main>',
    ...sections,
    '</main>',
    `<script type="application/json" id="report-data">${scriptJson({ curves })}</script>`,
    curves.length > 0 ? `<script>${assets.script}</script>` : '',
    '</body>',
    '</html>',
    '',
  ].join('\n');
}

function renderContents(report: Report): string {
  if (report.sections.length < 2) return '';
  const links = report.sections.map(
    (section, index) => `<li><a href="#section-${index + 1}">${escapeHtml(section.title)}</a></li>`,
  );
  return `<nav aria-label="Sections"><ul>${links.join('')}</ul></nav>`;
}

function renderSection(section: ReportSection, id: string): string {
  const figures = [...(section.curves ?? []).map(renderCurve), ...(section.ratios ?? []).map(renderRatios)];
  return [
    `<section aria-labelledby="${id}">`,
    `<h2 id="${id}">${escapeHtml(section.title)}</h2>`,
    figures.length > 0 ? `<div class="figures">${figures.join('\n')}</div>` : '',
    ...(section.tables ?? []).map((table) => renderTable(table)),
    section.notes && section.notes.length > 0
      ? `<ul class="notes">${section.notes.map((note) => `<li>${escapeHtml(note)}</li>`).join('')}</ul>`
      : '',
    '</section>',
  ].join('\n');
}

function renderCurve(chart: CurveChart): string {
  const table: Table = {
    caption: `${chart.title} (${chart.unit})`,
    columns: ['pages', ...chart.series.map((series) => series.label)],
    rows: chart.x.map((pages, index) => [
      pages,
      ...chart.series.map((series) => {
        const value = series.values[index];
        return value === null || value === undefined ? '–' : Number(value.toFixed(1));
      }),
    ]),
  };
  const summary = `${chart.title}: ${chart.yLabel} against ${chart.xLabel}, lines: ${chart.series.map((s) => s.label).join(', ')}. The figures are in the table below the chart.`;
  return [
    `<figure class="curve" aria-labelledby="${chart.id}-title">`,
    `<figcaption><h3 id="${chart.id}-title">${escapeHtml(chart.title)}</h3><p>${escapeHtml(chart.note)}</p></figcaption>`,
    `<div class="chart" id="chart-${escapeHtml(chart.id)}" role="img" aria-label="${escapeHtml(summary)}"></div>`,
    `<details><summary>Figures of this chart</summary>${renderTable(table)}</details>`,
    '</figure>',
  ].join('');
}

function renderRatios(chart: RatioChart): string {
  return [
    `<figure class="ratio" aria-labelledby="${chart.id}-caption">`,
    `<figcaption><h3 id="${chart.id}-caption">${escapeHtml(chart.title)}</h3><p>${escapeHtml(chart.note)}</p></figcaption>`,
    ratioChartSvg(chart),
    '</figure>',
  ].join('');
}

export function renderTable(table: Table): string {
  const numeric = (value: string | number) => typeof value === 'number' || value === '–';
  const cellText = (value: string | number) =>
    escapeHtml(typeof value === 'number' ? value.toLocaleString('en-US', { maximumFractionDigits: 3 }) : value);
  const head = table.columns.map((column) => `<th scope="col">${escapeHtml(column)}</th>`).join('');
  const body = table.rows
    .map((row) => {
      const [first, ...rest] = row;
      const cells = rest.map((value) => `<td${numeric(value) ? ' class="num"' : ''}>${cellText(value)}</td>`);
      return `<tr><th scope="row">${cellText(first ?? '')}</th>${cells.join('')}</tr>`;
    })
    .join('\n');
  // A wide table scrolls inside its own region, which the keyboard can reach.
  return [
    `<div class="table-wrap" role="region" aria-label="${escapeHtml(table.caption)}" tabindex="0">`,
    `<table><caption>${escapeHtml(table.caption)}</caption>`,
    `<thead><tr>${head}</tr></thead>`,
    `<tbody>${body}</tbody></table></div>`,
  ].join('\n');
}

function renderOther(other: Record<string, unknown>): string {
  return [
    '<section aria-labelledby="section-other">',
    '<h2 id="section-other">Other figures</h2>',
    '<p>Figures of the JSON this report does not draw yet, as they were written.</p>',
    `<pre>${escapeHtml(JSON.stringify(other, null, 2))}</pre>`,
    '</section>',
  ].join('\n');
}

// Runs in the report page (bundled with uPlot and inlined by page-assets.ts): draws each curve
// chart from the figures in #report-data, in the colours of the page's scheme, again when the
// scheme or the width changes. Each chart also has its figures as a table under it.

import uPlot from 'uplot';
import type { CurveChart } from './model.ts';

const data = JSON.parse(document.getElementById('report-data')?.textContent ?? '{"curves":[]}') as {
  curves: CurveChart[];
};

/** A dash pattern for each series, so lines differ by more than their colour. */
const dashes: (number[] | undefined)[] = [undefined, [8, 4], [2, 3], [10, 3, 2, 3], [4, 4], [1, 2]];
const markers = [7, 8, 6, 9, 7, 8];

const css = (name: string) => getComputedStyle(document.documentElement).getPropertyValue(name).trim();

const number = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });
const compact = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });

function options(chart: CurveChart, width: number): uPlot.Options {
  const text = css('--text');
  const grid = css('--grid');
  const axis = (label: string, size: number): uPlot.Axis => ({
    label,
    stroke: text,
    size,
    labelSize: 24,
    font: '12px system-ui, sans-serif',
    labelFont: '600 12px system-ui, sans-serif',
    grid: { stroke: grid, width: 1 },
    ticks: { stroke: grid, width: 1 },
  });
  // A log axis needs two sizes at least; one size is drawn on a plain axis.
  const logarithmic = chart.x.length > 1;
  return {
    width,
    height: 300,
    scales: {
      // A margin either side, so the smallest and largest sites are not on the frame.
      x: logarithmic
        ? { time: false, distr: 3, log: 10, range: (_u, min, max) => [min / 1.6, max * 1.6] }
        : { time: false, range: (_u, min, max) => [min * 0.5, max * 1.5] },
      // Values start at zero: a curve's height then reads as a proportion.
      y: { range: (_u, _min, max) => [0, max > 0 ? max * 1.1 : 1] },
    },
    axes: [
      // Ticks at the sizes measured, not at powers of ten: the reader finds each site size. (uPlot's
      // log axis would blank the labels of ticks that are not 1, 2 or 5 times a power of ten.)
      {
        ...axis(chart.xLabel, 40),
        splits: () => chart.x,
        filter: (_u, splits) => splits,
        values: (_u, ticks) => ticks.map((tick) => (tick == null ? '' : number.format(tick))),
      },
      { ...axis(chart.yLabel, 64), values: (_u, ticks) => ticks.map((tick) => compact.format(tick)) },
    ],
    // The legend names the lines; the figures are in the table under the chart.
    legend: { live: false },
    cursor: { drag: { x: false, y: false } },
    series: [
      { label: 'pages', value: (_u, value) => (value == null ? '–' : number.format(value)) },
      ...chart.series.map((series, index) => ({
        label: series.label,
        stroke: css(`--series-${index % 6}`),
        width: 2,
        dash: dashes[index % dashes.length],
        spanGaps: true,
        points: { show: true, size: markers[index % markers.length], fill: css(`--series-${index % 6}`) },
        value: (_u: uPlot, value: number | null) => (value == null ? '–' : `${number.format(value)} ${chart.unit}`),
      })),
    ],
  };
}

const plots = new Map<string, uPlot>();

function drawAll() {
  for (const plot of plots.values()) plot.destroy();
  plots.clear();
  for (const chart of data.curves) {
    const host = document.getElementById(`chart-${chart.id}`);
    if (!host) continue;
    const width = Math.max(320, Math.min(host.clientWidth, 900));
    const values = [chart.x, ...chart.series.map((series) => series.values)] as uPlot.AlignedData;
    plots.set(chart.id, new uPlot(options(chart, width), values, host));
  }
}

drawAll();
let resizing: number | undefined;
addEventListener('resize', () => {
  clearTimeout(resizing);
  resizing = window.setTimeout(drawAll, 150);
});
matchMedia('(prefers-color-scheme: dark)').addEventListener('change', drawAll);

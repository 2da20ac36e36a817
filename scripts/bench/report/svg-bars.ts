// A ratio chart as inline SVG: one group of horizontal bars a page, a bar a worker set-up, and the
// line at 1 (as fast as the baseline). Static markup: it needs no script, prints, and its colours
// come from the page's CSS, so it follows the light and dark schemes.

import { escapeHtml } from './escape.ts';
import type { RatioChart } from './model.ts';

const width = 600;
const labelWidth = 260;
const barHeight = 18;
const gap = 6;
const groupGap = 18;
const top = 8;
const axisHeight = 40;

export function ratioChartSvg(chart: RatioChart): string {
  const values = chart.groups.flatMap((group) => group.bars.map((bar) => bar.value ?? 0));
  // Past the largest ratio by a tick (0.5 up to 2×, 1 past it), and never below 1.5, so the line at 1 is inside.
  const largest = Math.max(...values, 0);
  const max = largest > 2 ? Math.ceil(largest + 0.01) : Math.max(1.5, Math.ceil(largest * 2 + 0.01) / 2);
  const plot = width - labelWidth - 55;
  const xOf = (value: number) => labelWidth + (value / max) * plot;
  const parts: string[] = [];
  let y = top;
  chart.groups.forEach((group, groupIndex) => {
    parts.push(`<text class="group" x="0" y="${y + 12}">${escapeHtml(group.label)}</text>`);
    y += 20;
    group.bars.forEach((bar, barIndex) => {
      const shown = bar.value === null ? '–' : `${bar.value.toFixed(2)}×`;
      parts.push(
        `<text class="label" x="${labelWidth - 8}" y="${y + barHeight - 5}" text-anchor="end">${escapeHtml(bar.label)}</text>`,
      );
      if (bar.value !== null) {
        const end = xOf(bar.value);
        parts.push(
          `<rect class="bar s${barIndex % 6}" x="${labelWidth}" y="${y}" width="${Math.max(1, end - labelWidth).toFixed(1)}" height="${barHeight}"><title>${escapeHtml(`${group.label}, ${bar.label}: ${shown}`)}</title></rect>`,
        );
      }
      parts.push(
        `<text class="value" x="${(bar.value === null ? labelWidth : xOf(bar.value)) + 6}" y="${y + barHeight - 5}">${shown}</text>`,
      );
      y += barHeight + gap;
    });
    if (groupIndex < chart.groups.length - 1) y += groupGap - gap;
  });
  const plotBottom = y;
  const ticks: string[] = [];
  // Ticks a half apart up to 2×, whole ones past it, so their labels never run together.
  const step = max > 2 ? 1 : 0.5;
  for (let tick = 0; tick <= max + 1e-9; tick += step) {
    const x = xOf(tick).toFixed(1);
    ticks.push(
      `<line class="${tick === 1 ? 'baseline' : 'grid'}" x1="${x}" x2="${x}" y1="${top}" y2="${plotBottom}"/>`,
      `<text class="tick" x="${x}" y="${plotBottom + 16}" text-anchor="middle">${tick.toFixed(1)}×</text>`,
    );
  }
  const height = plotBottom + axisHeight;
  const titleId = `${chart.id}-title`;
  const descId = `${chart.id}-desc`;
  return [
    `<svg class="ratios" viewBox="0 0 ${width} ${height}" role="img" aria-labelledby="${titleId}" aria-describedby="${descId}">`,
    `<title id="${titleId}">${escapeHtml(chart.title)}</title>`,
    `<desc id="${descId}">${escapeHtml(describe(chart))}</desc>`,
    ...ticks,
    ...parts,
    `<text class="axis" x="${width / 2}" y="${height - 6}" text-anchor="middle">${escapeHtml(chart.axisLabel)} (line: 1×, as fast as the baseline)</text>`,
    '</svg>',
  ].join('');
}

/** The chart in words, for screen readers. */
function describe(chart: RatioChart): string {
  return chart.groups
    .map(
      (group) =>
        `${group.label}: ${group.bars.map((bar) => `${bar.label} ${bar.value === null ? 'not measured' : `${bar.value.toFixed(2)}×`}`).join(', ')}`,
    )
    .join('; ');
}

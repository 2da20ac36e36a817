// The report's styles: system fonts, light and dark by the reader's setting, a colour-blind-safe
// palette (Okabe–Ito, lightened for the dark scheme) that the charts read as CSS variables.

export const reportCss = `
:root {
  color-scheme: light dark;
  --bg: #ffffff; --surface: #f6f8fa; --text: #1f2328; --muted: #59636e;
  --border: #d1d9e0; --grid: rgba(31, 35, 40, 0.12); --link: #0550ae;
  --series-0: #0072b2; --series-1: #d55e00; --series-2: #009e73;
  --series-3: #cc79a7; --series-4: #b07800; --series-5: #56b4e9;
}
@media (prefers-color-scheme: dark) {
  :root {
    --bg: #0d1117; --surface: #161b22; --text: #e6edf3; --muted: #9198a1;
    --border: #3d444d; --grid: rgba(230, 237, 243, 0.14); --link: #79c0ff;
    --series-0: #56b4e9; --series-1: #f0a35e; --series-2: #3dd6a3;
    --series-3: #e7a3cf; --series-4: #f5c242; --series-5: #a5d8ff;
  }
}
* { box-sizing: border-box; }
body {
  margin: 0 auto; max-width: 1240px; padding: 24px 20px 64px;
  background: var(--bg); color: var(--text);
  font: 15px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif;
}
a { color: var(--link); }
h1 { font-size: 1.7rem; margin: 0 0 4px; }
h2 { font-size: 1.3rem; margin: 40px 0 12px; padding-bottom: 6px; border-bottom: 1px solid var(--border); }
h3 { font-size: 1.02rem; margin: 0; }
.subtitle, figcaption p, .notes { color: var(--muted); }
nav ul { display: flex; flex-wrap: wrap; gap: 4px 18px; list-style: none; padding: 0; margin: 12px 0 0; }
.figures { display: grid; grid-template-columns: repeat(auto-fill, minmax(min(100%, 560px), 1fr)); gap: 20px; }
figure { margin: 0; padding: 14px 16px; background: var(--surface); border: 1px solid var(--border); border-radius: 8px; min-width: 0; }
figcaption p { margin: 2px 0 10px; font-size: 0.9rem; }
.chart { width: 100%; min-height: 300px; }
.uplot, .u-legend { font-family: inherit; color: var(--text); }
.u-legend { font-size: 0.85rem; text-align: left; }
.u-legend .u-marker { border-radius: 2px; }
details { margin-top: 8px; font-size: 0.9rem; }
summary { cursor: pointer; color: var(--link); }
.table-wrap { overflow-x: auto; margin: 16px 0; }
.table-wrap:focus-visible { outline: 2px solid var(--link); outline-offset: 2px; }
table { border-collapse: collapse; font-size: 0.88rem; font-variant-numeric: tabular-nums; }
caption { text-align: left; font-weight: 600; padding: 0 0 8px; }
th, td { padding: 5px 10px; border-bottom: 1px solid var(--border); text-align: left; white-space: nowrap; }
thead th { background: var(--surface); position: sticky; top: 0; }
tbody th { font-weight: 500; }
td.num { text-align: right; }
pre { background: var(--surface); border: 1px solid var(--border); border-radius: 8px; padding: 12px; overflow-x: auto; font-size: 0.8rem; }
svg.ratios { width: 100%; height: auto; font-size: 12.5px; }
svg.ratios text { fill: var(--text); }
svg.ratios text.group { font-weight: 600; }
svg.ratios text.tick, svg.ratios text.axis { fill: var(--muted); }
svg.ratios line.grid { stroke: var(--grid); }
svg.ratios line.baseline { stroke: var(--text); stroke-width: 1.5; stroke-dasharray: 4 3; }
svg.ratios rect.s0 { fill: var(--series-0); } svg.ratios rect.s1 { fill: var(--series-1); }
svg.ratios rect.s2 { fill: var(--series-2); } svg.ratios rect.s3 { fill: var(--series-3); }
svg.ratios rect.s4 { fill: var(--series-4); } svg.ratios rect.s5 { fill: var(--series-5); }
@media print { figure { break-inside: avoid; } }
`;

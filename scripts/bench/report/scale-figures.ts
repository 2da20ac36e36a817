// The scale bench's figures (scale.json, or `scale` in results.json) as curves against the site's
// pages and one table. Each size row may carry a `shape` (a kind of generated site): every shape
// is a line of its own; rows without one (the SELF content, the default corpus) share one line.

import {
  cell,
  isObject,
  kib,
  list,
  mib,
  num,
  str,
  type CurveChart,
  type Json,
  type ReportSection,
  type Table,
} from './model.ts';

interface SizeRow {
  shape: string | undefined;
  /** Undefined when the bench stopped before it counted them (its build failed). */
  pages: number | undefined;
  size: string;
  row: Json;
}

/** A figure of a size row, in the chart's unit; undefined when the row lacks it. */
type Figure = (row: Json) => number | undefined;

interface CurveDefinition {
  id: string;
  title: string;
  note: string;
  yLabel: string;
  unit: string;
  lines: { label: string; figure: Figure }[];
}

const searchMemory: Figure = (row) => {
  const heap = ['heapAfterBytes', 'heapBeforeBytes', 'arrayBuffersAfterBytes', 'arrayBuffersBeforeBytes'].map((key) =>
    num(row, 'searchHeap', key),
  );
  if (heap.some((value) => value === undefined)) return undefined;
  const [after, before, buffersAfter, buffersBefore] = heap as number[];
  return mib(after! - before! + buffersAfter! - buffersBefore!);
};

const curves: CurveDefinition[] = [
  {
    id: 'html-bytes',
    title: 'Page HTML',
    note: 'Bytes of a page’s HTML as served (uncompressed): a small page and the deepest page of the sidebar.',
    yLabel: 'HTML (KiB)',
    unit: 'KiB',
    lines: [
      { label: 'small page', figure: (row) => kib(num(row, 'html', 'small', 'bytes')) },
      { label: 'deepest page', figure: (row) => kib(num(row, 'html', 'deepest', 'bytes')) },
    ],
  },
  {
    id: 'first-search',
    title: 'First search on a fresh isolate',
    note: 'Wall time of the first search (median of fresh workerds): cold, with the platform’s services already up, and through Miniflare as wrangler dev runs it.',
    yLabel: 'first search (ms)',
    unit: 'ms',
    lines: [
      { label: 'cold, straight on workerd', figure: (row) => num(row, 'search', 'coldFirstMs') },
      { label: 'services up', figure: (row) => num(row, 'search', 'servicesUp', 'ms') },
      { label: 'cold, via Miniflare', figure: (row) => num(row, 'searchViaMiniflare', 'coldFirstMs') },
    ],
  },
  {
    id: 'warm-search',
    title: 'Warm search',
    note: 'Latency of searches once the isolate is warm, every query new, one connection.',
    yLabel: 'latency (ms)',
    unit: 'ms',
    lines: [
      { label: 'p50', figure: (row) => num(row, 'search', 'warm', 'p50') },
      { label: 'p99', figure: (row) => num(row, 'search', 'warm', 'p99') },
    ],
  },
  {
    id: 'build-time',
    title: 'Build time',
    note: 'Wall time of a cold build (empty compile cache), and of the rebuild after one page changed.',
    yLabel: 'build time (s)',
    unit: 's',
    lines: [
      { label: 'cold build', figure: (row) => num(row, 'build', 'seconds') },
      { label: 'rebuild after one change', figure: (row) => num(row, 'redeploy', 'rebuildSeconds') },
    ],
  },
  {
    id: 'memory',
    title: 'Memory',
    note: 'Peak RSS of the build (all its threads), the search service’s own memory after 300 searches, and workerd’s RSS growth over the search series.',
    yLabel: 'memory (MiB)',
    unit: 'MiB',
    lines: [
      { label: 'build peak RSS', figure: (row) => mib(num(row, 'build', 'peakRssBytes')) },
      { label: 'search memory', figure: searchMemory },
      { label: 'workerd RSS growth', figure: (row) => mib(num(row, 'search', 'isolateGrowthBytes')) },
    ],
  },
  {
    id: 'kv-keys',
    title: 'KV keys written',
    note: 'Keys the build hands to KV, the first deploy writes, and a redeploy after one changed page writes.',
    yLabel: 'keys',
    unit: 'keys',
    lines: [
      { label: 'KV keys of the build', figure: (row) => num(row, 'kv', 'entries') },
      { label: 'first deploy', figure: (row) => num(row, 'firstDeploy', 'keysWritten') },
      { label: 'redeploy of one change', figure: (row) => num(row, 'redeploy', 'keysWritten') },
    ],
  },
];

/** The size rows of a scale result: `{ sizes: [...] }`. */
export function sizeRows(scale: unknown): SizeRow[] {
  return list(scale, 'sizes')
    .filter(isObject)
    .map((row) => {
      const size = str(row, 'size') ?? String(num(row, 'size') ?? '?');
      const pages = num(row, 'pages') ?? (/^\d+$/.test(size) ? Number(size) : undefined);
      return { shape: str(row, 'shape'), pages, size, row };
    });
}

/** The curves that have at least one figure, a line per figure and shape; sizes without a page count are left out. */
export function scaleCurves(rows: SizeRow[]): CurveChart[] {
  const x = [...new Set(rows.flatMap((row) => (row.pages === undefined ? [] : [row.pages])))].sort((a, b) => a - b);
  const shapes = [...new Set(rows.map((row) => row.shape))];
  const named = shapes.some((shape) => shape !== undefined);
  return curves.flatMap((definition) => {
    const series = definition.lines.flatMap(({ label, figure }) =>
      shapes.flatMap((shape) => {
        const values = x.map((pages) => {
          const row = rows.find((candidate) => candidate.pages === pages && candidate.shape === shape);
          return (row && figure(row.row)) ?? null;
        });
        if (values.every((value) => value === null)) return [];
        const shapeLabel = shape ?? (named ? 'default' : undefined);
        return [{ label: shapeLabel ? `${label} · ${shapeLabel}` : label, values }];
      }),
    );
    if (series.length === 0) return [];
    const { lines: _lines, ...chart } = definition;
    // draw-charts.ts draws two sizes or more on a log axis.
    return [{ ...chart, xLabel: x.length > 1 ? 'pages (log scale)' : 'pages', x, series }];
  });
}

/** Every size as a row of figures, as the bench's console table shows them. */
export function scaleTable(rows: SizeRow[]): Table {
  const shaped = rows.some((row) => row.shape !== undefined);
  const columns = [
    'size',
    ...(shaped ? ['shape'] : []),
    'pages',
    'build s',
    'build peak MiB',
    'KV keys',
    'search asset KiB',
    'HTML small KiB',
    'HTML deep KiB',
    'cold search ms',
    'services up ms',
    'warm p50 ms',
    'warm p99 ms',
    'search memory MiB',
    'redeploy keys',
  ];
  return {
    caption: 'Figures at each site size (KiB and MiB are 1,024 and 1,048,576 bytes; “–”: not measured)',
    columns,
    rows: rows.map(({ size, shape, pages, row }) => [
      size === 'self' ? 'SELF content' : size,
      ...(shaped ? [shape ?? 'default'] : []),
      cell(pages),
      cell(num(row, 'build', 'seconds'), 1),
      cell(mib(num(row, 'build', 'peakRssBytes'))),
      cell(num(row, 'kv', 'entries')),
      cell(kib(num(row, 'searchAsset', 'bytes')), 1),
      cell(kib(num(row, 'html', 'small', 'bytes')), 1),
      cell(kib(num(row, 'html', 'deepest', 'bytes')), 1),
      cell(num(row, 'search', 'coldFirstMs'), 1),
      cell(num(row, 'search', 'servicesUp', 'ms'), 1),
      cell(num(row, 'search', 'warm', 'p50'), 1),
      cell(num(row, 'search', 'warm', 'p99'), 1),
      cell(searchMemory(row), 1),
      cell(num(row, 'redeploy', 'keysWritten')),
    ]),
  };
}

/** The scale section: curves first, then the table and the steps that failed. */
export function scaleSection(scale: unknown): ReportSection | undefined {
  const rows = sizeRows(scale);
  if (rows.length === 0) return undefined;
  // A failed step: what failed and the first lines the tool said.
  const notes = rows.flatMap(({ size, row }) =>
    list(row, 'errors')
      .filter((error): error is string => typeof error === 'string')
      .map((error) => {
        const lines = error.split('\n').filter((line) => line.trim() !== '');
        const said = lines.slice(0, 3).map((line) => line.trim());
        return `${size === 'self' ? 'SELF content' : size}: ${said.join(' — ').slice(0, 400)}`;
      }),
  );
  return {
    title: 'Scale: how the figures grow with the site',
    curves: scaleCurves(rows),
    tables: [scaleTable(rows)],
    ...(notes.length > 0 ? { notes } : {}),
  };
}

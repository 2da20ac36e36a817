// The report's own shapes: charts and tables as plain data, made from a bench's JSON by
// scale-figures.ts and bench-figures.ts, drawn by html.ts (tables, bars) and draw-charts.ts (curves).
// The JSON is read defensively: a figure missing or of another type is left out, never guessed.

/** A line chart against site size, drawn with uPlot in the page. */
export interface CurveChart {
  id: string;
  title: string;
  /** One sentence under the title: what is measured and how to read it. */
  note: string;
  xLabel: string;
  yLabel: string;
  /** Unit shown after each value in the legend and the data table. */
  unit: string;
  /** The x values (pages), ascending. */
  x: number[];
  series: { label: string; values: (number | null)[] }[];
}

/** Horizontal bars of ratios against a baseline of 1, drawn as inline SVG. */
export interface RatioChart {
  id: string;
  title: string;
  note: string;
  /** What a ratio compares, for the axis: `worker req/s ÷ serve-handler req/s`. */
  axisLabel: string;
  groups: { label: string; bars: { label: string; value: number | null }[] }[];
}

export interface Table {
  caption: string;
  /** The first column names each row (a row header). */
  columns: string[];
  rows: (string | number)[][];
}

export interface ReportSection {
  title: string;
  curves?: CurveChart[];
  ratios?: RatioChart[];
  tables?: Table[];
  /** Plain sentences (errors of a bench step, a figure given alone). */
  notes?: string[];
}

export interface Report {
  title: string;
  /** Where the figures come from: file, machine, date. */
  subtitle: string;
  sections: ReportSection[];
  /** Figures of the JSON no section shows, kept visible as JSON. */
  other?: Record<string, unknown>;
}

// Defensive readers: a value of the expected type, or undefined.

export type Json = Record<string, unknown>;

export function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A finite number at `path` under `value` (`at(row, 'build', 'seconds')`). */
export function num(value: unknown, ...path: string[]): number | undefined {
  const found = dig(value, path);
  return typeof found === 'number' && Number.isFinite(found) ? found : undefined;
}

export function str(value: unknown, ...path: string[]): string | undefined {
  const found = dig(value, path);
  return typeof found === 'string' ? found : undefined;
}

export function obj(value: unknown, ...path: string[]): Json | undefined {
  const found = dig(value, path);
  return isObject(found) ? found : undefined;
}

export function list(value: unknown, ...path: string[]): unknown[] {
  const found = dig(value, path);
  return Array.isArray(found) ? found : [];
}

function dig(value: unknown, path: string[]): unknown {
  let here = value;
  for (const key of path) {
    if (!isObject(here)) return undefined;
    here = here[key];
  }
  return here;
}

/** Rounds for a table cell; '–' when the figure is missing. */
export function cell(value: number | undefined, digits = 0): string | number {
  if (value === undefined) return '–';
  return Number(value.toFixed(digits));
}

export const kib = (bytes: number | undefined) => (bytes === undefined ? undefined : bytes / 1024);
export const mib = (bytes: number | undefined) => (bytes === undefined ? undefined : bytes / 2 ** 20);

// Turns Lighthouse results into the figures the bench reports: one run's scores, and the
// median of several runs. A run that Lighthouse could not measure (a `runtimeError` such as
// NO_NAVSTART, or a metric audit in error) has no numbers; it is left out of the median and
// counted, never averaged in as NaN or 0.

export interface LighthouseScores {
  performance: number | null;
  accessibility: number | null;
  bestPractices: number | null;
  seo: number | null;
  fcpMs: number | null;
  lcpMs: number | null;
  tbtMs: number | null;
  cls: number | null;
  speedIndexMs: number | null;
  totalByteWeight: number | null;
  requests: number | null;
}

/** The parts of a Lighthouse result (LHR) the bench reads. */
export interface LighthouseResultLike {
  runtimeError?: { code: string; message: string };
  categories: Record<string, { score: number | null } | undefined>;
  audits: Record<string, { numericValue?: number; errorMessage?: string; details?: unknown } | undefined>;
}

export type LighthouseRun = { ok: true; scores: LighthouseScores } | { ok: false; reason: string };

export interface LighthouseMedian {
  /** Median of the runs that measured each figure; null when none did. */
  scores: LighthouseScores;
  measuredRuns: number;
  /** Why each failed run failed, e.g. `NO_NAVSTART: Something went wrong with recording the trace…`. */
  failures: string[];
}

const metricAudits = {
  fcpMs: 'first-contentful-paint',
  lcpMs: 'largest-contentful-paint',
  tbtMs: 'total-blocking-time',
  cls: 'cumulative-layout-shift',
  speedIndexMs: 'speed-index',
} as const;

export function scoresOf(lhr: LighthouseResultLike): LighthouseRun {
  if (lhr.runtimeError) return { ok: false, reason: `${lhr.runtimeError.code}: ${lhr.runtimeError.message}` };
  const broken = Object.values(metricAudits)
    .map((id) => [id, lhr.audits[id]] as const)
    .find(([, audit]) => !Number.isFinite(audit?.numericValue));
  if (broken) {
    const [id, audit] = broken;
    return { ok: false, reason: `${id}: ${audit?.errorMessage ?? 'no value'}` };
  }
  const numeric = (id: string) => finiteOrNull(lhr.audits[id]?.numericValue);
  const items = (lhr.audits['network-requests']?.details as { items?: unknown[] } | undefined)?.items;
  return {
    ok: true,
    scores: {
      performance: finiteOrNull(lhr.categories.performance?.score),
      accessibility: finiteOrNull(lhr.categories.accessibility?.score),
      bestPractices: finiteOrNull(lhr.categories['best-practices']?.score),
      seo: finiteOrNull(lhr.categories.seo?.score),
      fcpMs: numeric(metricAudits.fcpMs),
      lcpMs: numeric(metricAudits.lcpMs),
      tbtMs: numeric(metricAudits.tbtMs),
      cls: numeric(metricAudits.cls),
      speedIndexMs: numeric(metricAudits.speedIndexMs),
      totalByteWeight: numeric('total-byte-weight'),
      requests: items ? items.length : null,
    },
  };
}

export function medianOfRuns(runs: LighthouseRun[]): LighthouseMedian {
  const measured = runs.flatMap((run) => (run.ok ? [run.scores] : []));
  const keys = Object.keys(emptyScores) as (keyof LighthouseScores)[];
  const scores = Object.fromEntries(
    keys.map((key) => [key, median(measured.flatMap((run) => (run[key] === null ? [] : [run[key]])))]),
  ) as unknown as LighthouseScores;
  return {
    scores,
    measuredRuns: measured.length,
    failures: runs.flatMap((run) => (run.ok ? [] : [run.reason])),
  };
}

export function median(values: number[]): number | null {
  const sorted = values.filter(Number.isFinite).sort((a, b) => a - b);
  if (sorted.length === 0) return null;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

function finiteOrNull(value: number | null | undefined): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

const emptyScores: Record<keyof LighthouseScores, null> = {
  performance: null,
  accessibility: null,
  bestPractices: null,
  seo: null,
  fcpMs: null,
  lcpMs: null,
  tbtMs: null,
  cls: null,
  speedIndexMs: null,
  totalByteWeight: null,
  requests: null,
};

// The bench's Lighthouse figures: a run Lighthouse could not measure (its trace broke, NO_NAVSTART)
// has no metrics; the medians come from the runs that were measured, never NaN.

import { describe, expect, it } from 'vitest';
import { medianOfRuns, scoresOf, type LighthouseResultLike } from '../../../../scripts/bench/lighthouse-median.ts';

function measuredRun(performance: number, fcp: number, lcp: number, tbt: number, cls: number): LighthouseResultLike {
  return {
    categories: {
      performance: { score: performance },
      accessibility: { score: 1 },
      'best-practices': { score: 1 },
      seo: { score: 1 },
    },
    audits: {
      'first-contentful-paint': { numericValue: fcp },
      'largest-contentful-paint': { numericValue: lcp },
      'total-blocking-time': { numericValue: tbt },
      'cumulative-layout-shift': { numericValue: cls },
      'speed-index': { numericValue: fcp },
      'total-byte-weight': { numericValue: 160_000 },
      'network-requests': { details: { items: [{}, {}, {}] } },
    },
  };
}

/** What Lighthouse 12 returns when the trace has no navigation start: scores null, audits in error. */
const brokenTrace: LighthouseResultLike = {
  runtimeError: {
    code: 'NO_NAVSTART',
    message:
      'Something went wrong with recording the trace over your page load. Please run Lighthouse again. (NO_NAVSTART)',
  },
  categories: {
    performance: { score: null },
    accessibility: { score: 1 },
    'best-practices': { score: null },
    seo: { score: 1 },
  },
  audits: {
    'first-contentful-paint': { errorMessage: 'Something went wrong with recording the trace (NO_NAVSTART)' },
    'largest-contentful-paint': { errorMessage: 'Something went wrong with recording the trace (NO_NAVSTART)' },
    'total-blocking-time': { errorMessage: 'Something went wrong with recording the trace (NO_NAVSTART)' },
    'cumulative-layout-shift': { errorMessage: 'Something went wrong with recording the trace (NO_NAVSTART)' },
    'network-requests': { details: { items: [] } },
  },
};

describe('Lighthouse medians in the bench', () => {
  it('reports the medians of the measured runs when one run failed, and says which run failed', () => {
    const summary = medianOfRuns(
      [
        measuredRun(0.97, 1900, 2000, 100, 0),
        brokenTrace,
        measuredRun(0.91, 2100, 2200, 280, 0.02),
        measuredRun(0.95, 1800, 2100, 200, 0),
      ].map(scoresOf),
    );

    expect(summary.scores).toMatchObject({
      performance: 0.95,
      fcpMs: 1900,
      lcpMs: 2100,
      tbtMs: 200,
      cls: 0,
      requests: 3,
    });
    expect(Object.values(summary.scores).some((value) => Number.isNaN(value))).toBe(false);
    expect(summary.measuredRuns).toBe(3);
    expect(summary.failures).toEqual([expect.stringMatching(/^NO_NAVSTART: /)]);
  });

  it('takes the middle two of an even number of measured runs', () => {
    const summary = medianOfRuns(
      [measuredRun(1, 1000, 1200, 100, 0), brokenTrace, measuredRun(0.8, 2000, 2400, 300, 0.1)].map(scoresOf),
    );
    expect(summary.scores).toMatchObject({ performance: 0.9, fcpMs: 1500, lcpMs: 1800, tbtMs: 200, cls: 0.05 });
  });

  it('counts a run whose metric audit errored as failed rather than as a zero', () => {
    const noLcp = measuredRun(0.9, 1500, 0, 100, 0);
    noLcp.audits['largest-contentful-paint'] = {
      errorMessage: 'The page did not display content that qualifies as LCP (NO_LCP)',
    };
    const run = scoresOf(noLcp);
    expect(run).toEqual({ ok: false, reason: expect.stringContaining('NO_LCP') });
  });

  it('reports no figure, not NaN or 0, when every run failed', () => {
    const summary = medianOfRuns([brokenTrace, brokenTrace].map(scoresOf));
    expect(summary.scores.fcpMs).toBeNull();
    expect(summary.scores.performance).toBeNull();
    expect(summary.measuredRuns).toBe(0);
    expect(summary.failures).toHaveLength(2);
  });
});

// The first search profile's summary: V8 samples of the bundle named by the worker's own files and
// functions through the source map, idle time left out, several runs averaged.

import { describe, expect, it } from 'vitest';
import { profileSummary, summaryText, type CpuProfile } from '../../../../scripts/bench/first-search-profile.ts';

const frame = (functionName: string, columnNumber = 0, url = 'file:///bundle/index.js') => ({
  functionName,
  url,
  lineNumber: 0,
  columnNumber,
});

// index.js line 1: column 0 is `alpha` (worker/a.ts line 1), column 10 is `beta` (line 5).
const map = {
  version: 3,
  file: 'index.js',
  sources: ['../../worker/a.ts'],
  names: ['alpha', 'beta'],
  mappings: 'AAAAA,UAIAC',
  sourceRoot: '',
  sourcesContent: [],
};

const profile: CpuProfile = {
  nodes: [
    { id: 1, callFrame: frame('(root)', 0, '') },
    { id: 2, callFrame: frame('(idle)', 0, '') },
    { id: 3, callFrame: frame('a', 0) },
    { id: 4, callFrame: frame('b', 10) },
    { id: 5, callFrame: frame('(garbage collector)', 0, '') },
  ],
  // Each sample lasts until the next: alpha 0.5 ms, beta 1, alpha 0.5, idle 7, the collector 0.5.
  samples: [3, 4, 3, 2, 5],
  timeDeltas: [0, 500, 1000, 500, 7000, 500],
};

describe('the first search profile summary', () => {
  it("names the bundle's functions by the worker's own files and lines, idle time left out", () => {
    const summary = profileSummary([profile], map);
    expect(summary.busyMs).toBeCloseTo(2.5);
    expect(summary.byFile).toEqual([
      ['worker/a.ts', 2],
      ['[native]', 0.5],
    ]);
    expect(summary.byFunction).toEqual([
      ['alpha worker/a.ts:1', 1],
      ['beta worker/a.ts:5', 1],
      ['(garbage collector) [native]', 0.5],
    ]);
  });

  it('counts a long gap between samples as a wait, not as work of the last function sampled', () => {
    const waited = { ...profile, timeDeltas: [0, 500, 1000, 500, 7000, 30_000] };
    expect(profileSummary([waited], map).byFile).toEqual([
      ['worker/a.ts', 2],
      ['[native]', 1],
    ]);
    expect(profileSummary([waited], map, { longestSampleMs: 50 }).byFile[0]).toEqual(['[native]', 30]);
  });

  it('averages several runs and prints the top entries', () => {
    const summary = profileSummary([profile, profile], map);
    expect(summary.busyMs).toBeCloseTo(2.5);
    const text = summaryText(summary, 1);
    expect(text).toContain('2.5 ms busy a search');
    expect(text).toContain('2.00 ms  worker/a.ts');
    expect(text).not.toContain('[native]');
  });
});

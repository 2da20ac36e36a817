// The first-search A/B bench: workers take turns (neither always first), answers are compared
// without what differs between two searches, and a wrong command line says how to run it.

import { describe, expect, it } from 'vitest';
import { comparableAnswer, firstSearchAbOptions, turnOrder } from '../../../../scripts/bench/first-search-ab.ts';

describe('first-search A/B bench', () => {
  it('lets each worker go first in turn', () => {
    expect([0, 1, 2, 3].map((sample) => turnOrder(sample, 2))).toEqual([
      [0, 1],
      [1, 0],
      [0, 1],
      [1, 0],
    ]);
    expect(turnOrder(1, 3)).toEqual([2, 1, 0]);
  });

  it('compares answers without their timing and signed queryID', () => {
    const answer = (ms: number, id: string) =>
      `{"results":[{"hits":[{"objectID":"a"}],"nbHits":1,"processingTimeMS":${ms},"queryID":"${id}"}]}`;
    expect(comparableAnswer(answer(3, 'ab12'))).toBe(comparableAnswer(answer(17, 'cd34')));
    expect(comparableAnswer(answer(3, 'ab12'))).not.toBe(comparableAnswer(answer(3, 'ab12').replace('"a"', '"b"')));
  });

  it('reads the kept folder, the worktrees and the options', () => {
    const options = firstSearchAbOptions([
      '/k',
      '/a',
      '/b',
      '--samples',
      '5',
      '--query',
      'x y',
      '--services-up',
      '--port',
      '8920',
    ]);
    expect(options).toEqual({
      keptDir: '/k',
      worktrees: ['/a', '/b'],
      keptDirs: [undefined, undefined],
      samples: 5,
      query: 'x y',
      servicesUp: true,
      port: 8920,
    });
    // A worker served its own kept build: the one its code writes.
    expect(firstSearchAbOptions(['/k', '/a', '/b@/k2'])).toMatchObject({
      worktrees: ['/a', '/b'],
      keptDirs: [undefined, '/k2'],
    });
    expect(firstSearchAbOptions(['/k', '/a'])).toMatchObject({
      samples: 9,
      query: 'stywem upgr',
      servicesUp: false,
      port: 0,
    });
    expect(() => firstSearchAbOptions(['/k'])).toThrow(/usage: npm run bench:first-search/);
    expect(() => firstSearchAbOptions(['/k', '/a', '--samples', 'many'])).toThrow(/--samples: "many"/);
    expect(() => firstSearchAbOptions(['/k', '/a', '--port', 'x'])).toThrow(/--port: "x"/);
    expect(() => firstSearchAbOptions(['/k', '/a', '--profile', '/p'])).toThrow(/--profile needs --port/);
    expect(firstSearchAbOptions(['/k', '/a', '--port', '8920', '--profile', '/p'])).toMatchObject({ profileDir: '/p' });
  });
});

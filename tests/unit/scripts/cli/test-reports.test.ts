// `npm test`'s summary names every failed test with the first line of its error, so that the end
// of a CI log says what failed; and a run whose report says success but which exited with an
// error still counts as a failure.

import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { firstLine, playwrightTally, vitestTally } from '../../../../scripts/cli/test-reports.ts';
import { tempDir } from '../../support/temp-dirs.ts';

const folder = await tempDir('test-reports');
let written = 0;
function report(content: unknown): string {
  const file = join(folder, `report-${written++}.json`);
  writeFileSync(file, JSON.stringify(content));
  return file;
}

const vitestReport = {
  numTotalTests: 3,
  numPassedTests: 1,
  numFailedTests: 1,
  numPendingTests: 1,
  numTodoTests: 0,
  success: false,
  testResults: [
    {
      name: join(process.cwd(), 'tests/worker/render/sidebar-view.test.ts'),
      status: 'failed',
      message: '',
      assertionResults: [
        {
          fullName: 'without JavaScript reaches every page',
          status: 'failed',
          failureMessages: [
            '\n\u001b[31mError: Test timed out in 240000ms.\u001b[39m\nIf this is a long-running test…',
          ],
        },
        { fullName: 'a page is rendered', status: 'passed', failureMessages: [] },
      ],
    },
    {
      name: join(process.cwd(), 'tests/worker/routes/search.test.ts'),
      status: 'failed',
      message: 'Failed to load url ../../worker/missing.ts',
      assertionResults: [],
    },
  ],
};

describe("a vitest project's report", () => {
  it('names each failed test by file and name, with the first line of its error', () => {
    const tally = vitestTally('worker', report(vitestReport), false);
    expect(tally).toMatchObject({ suite: 'worker', passed: 1, failed: 1, skipped: 1 });
    expect(tally.failures).toEqual([
      'tests/worker/render/sidebar-view.test.ts > without JavaScript reaches every page: Error: Test timed out in 240000ms.',
      'tests/worker/routes/search.test.ts: Failed to load url ../../worker/missing.ts',
    ]);
  });

  it('counts a run that exited with an error its report calls a success as one failure, and says so', () => {
    const silent = {
      ...vitestReport,
      numPassedTests: 3,
      numFailedTests: 0,
      numPendingTests: 0,
      success: true,
      testResults: [],
    };
    const tally = vitestTally('worker', report(silent), false);
    expect(tally).toMatchObject({ passed: 3, failed: 1 });
    expect(tally.failures).toEqual(['worker: exited with an error its report does not name (see its output above)']);
    expect(vitestTally('worker', report(silent), true)).toMatchObject({ failed: 0, failures: [] });
  });

  it('counts a missing report as one failure', () => {
    expect(vitestTally('unit', join(folder, 'none.json'), false)).toMatchObject({
      failed: 1,
      failures: [`unit: no report (${join(folder, 'none.json')})`],
    });
  });
});

describe("Playwright's reports", () => {
  const failing = {
    stats: { expected: 5, unexpected: 1, flaky: 1, skipped: 2 },
    errors: [],
    suites: [
      {
        title: 'navigation.spec.ts',
        file: 'navigation.spec.ts',
        specs: [],
        suites: [
          {
            title: 'a slow navigation',
            file: 'navigation.spec.ts',
            specs: [
              {
                title: 'shows the progress bar',
                line: 42,
                tests: [
                  {
                    projectName: 'chromium',
                    status: 'unexpected',
                    results: [
                      { errors: [{ message: 'first try' }] },
                      {
                        errors: [
                          {
                            message: [
                              'Error: expect(locator).toHaveAttribute(expected) failed',
                              '',
                              "Locator:  locator('html')",
                              'Expected: \u001b[32m"dark"\u001b[39m',
                              'Received: "light"',
                              'Timeout:  15000ms',
                              '',
                              'Call log:',
                              '  - Expect "toHaveAttribute" with timeout 15000ms',
                              "  - waiting for locator('html')",
                              '    19 × locator resolved to <html lang="en" data-theme="light">',
                              '',
                              "  40 |     await expect(html).toHaveAttribute('data-theme', 'dark');",
                            ].join('\n'),
                            location: { file: '/repo/tests/support/e2e-pages.ts', line: 23 },
                          },
                        ],
                      },
                    ],
                  },
                  {
                    projectName: 'chromium',
                    status: 'flaky',
                    results: [{ errors: [{ message: 'once' }] }, { errors: [] }],
                  },
                ],
              },
            ],
          },
        ],
      },
    ],
  };

  it('add up, naming each failed test by file, line, project and titles with its last error', () => {
    const crashed = {
      stats: { expected: 0, unexpected: 0, flaky: 0, skipped: 0 },
      errors: [{ message: 'Error: config broke\nat …' }],
    };
    const tally = playwrightTally('e2e', [report(failing), report(crashed), join(folder, 'absent.json')]);
    expect(tally).toMatchObject({ passed: 6, failed: 3, skipped: 2 });
    expect(tally.failures).toEqual([
      // Which assertion, and what it saw: a CI log read from its end says why, not only that.
      [
        'navigation.spec.ts:42 [chromium] a slow navigation > shows the progress bar (at e2e-pages.ts:23): Error: expect(locator).toHaveAttribute(expected) failed',
        "      Locator:  locator('html')",
        '      Expected: "dark"',
        '      Received: "light"',
        '      Timeout:  15000ms',
        "      - waiting for locator('html')",
        '      19 × locator resolved to <html lang="en" data-theme="light">',
      ].join('\n'),
      'e2e: Error: config broke',
      `e2e: no report (${join(folder, 'absent.json')})`,
    ]);
  });
});

describe('an error’s first line', () => {
  it('skips blank lines, drops terminal colours and is cut to one line’s width', () => {
    expect(firstLine('\n\n\u001b[31mAssertionError\u001b[39m: nope\nmore')).toBe('AssertionError: nope');
    expect(firstLine(undefined)).toBe('no message');
    expect(firstLine('x'.repeat(500))).toHaveLength(200);
  });
});

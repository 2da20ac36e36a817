// What `npm test` reads back from each suite's JSON report: how many tests passed, failed and were
// skipped, and which ones failed with the first line of their error. The summary ends the run's
// output, and a CI log is often read from its end only: the failures are named there, not only in
// the suite's own output far above it.

import { existsSync, readFileSync } from 'node:fs';
import { basename, relative } from 'node:path';

export interface Tally {
  suite: string;
  passed: number;
  failed: number;
  skipped: number;
  /** One line per failure: where, which test, and the first line of its error. */
  failures: string[];
}

/** An error message without terminal colours. */
function plainText(message: string | undefined): string {
  // eslint-disable-next-line no-control-regex
  return (message ?? '').replace(/\u001b\[[0-9;]*m/g, '');
}

/** The first non-empty line of an error message, without terminal colours, cut to a line's width. */
export function firstLine(message: string | undefined): string {
  const line =
    plainText(message)
      .split('\n')
      .find((text) => text.trim() !== '')
      ?.trim() ?? 'no message';
  return line.length > 200 ? `${line.slice(0, 199)}…` : line;
}

/**
 * What a browser test's failure says beyond its first line, a few lines at most: the expected and
 * received values, the locator, and what the call log says it waited for and found.
 */
export function errorGist(message: string | undefined): string[] {
  const lines = plainText(message).split('\n');
  const first = lines.findIndex((text) => text.trim() !== '');
  const telling = lines
    .slice(first + 1)
    .map((text) => text.trim())
    .filter((text) =>
      /^(Expected|Received|Locator|Timeout|- waiting for|- locator resolved|\d+ × locator resolved)/.test(text),
    )
    .slice(0, 6);
  return telling.map((text) => (text.length > 160 ? `${text.slice(0, 159)}…` : text));
}

interface VitestReport {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
  numTotalTests: number;
  success: boolean;
  testResults: {
    name: string;
    status: string;
    message: string;
    assertionResults: { fullName: string; status: string; failureMessages: string[] }[];
  }[];
}

/**
 * A vitest project's report as a tally. A missing report (the run crashed before writing it) is one
 * failure; so is a run that exited with an error its report does not count (files that never ran
 * because the pool could not start them: its report says success).
 */
export function vitestTally(suite: string, file: string, exitedOk: boolean): Tally {
  if (!existsSync(file))
    return { suite, passed: 0, failed: 1, skipped: 0, failures: [`${suite}: no report (${file})`] };
  const report = JSON.parse(readFileSync(file, 'utf8')) as VitestReport;
  const failures: string[] = [];
  for (const result of report.testResults) {
    const where = relative(process.cwd(), result.name);
    const failing = result.assertionResults.filter((test) => test.status === 'failed');
    for (const test of failing) failures.push(`${where} > ${test.fullName}: ${firstLine(test.failureMessages[0])}`);
    // A file that failed outside its tests (an import, a hook before any test).
    if (result.status === 'failed' && failing.length === 0) failures.push(`${where}: ${firstLine(result.message)}`);
  }
  const unexplained = report.numFailedTests === 0 && (!report.success || !exitedOk);
  if (report.numTotalTests === 0) failures.push(`${suite}: no test ran`);
  else if (unexplained) failures.push(`${suite}: exited with an error its report does not name (see its output above)`);
  const failed = report.numFailedTests + (report.numTotalTests === 0 || unexplained ? 1 : 0);
  return {
    suite,
    passed: report.numPassedTests,
    failed,
    skipped: report.numPendingTests + report.numTodoTests,
    failures,
  };
}

interface PlaywrightSuite {
  title: string;
  file?: string;
  specs?: {
    title: string;
    line?: number;
    tests: {
      projectName: string;
      status: string;
      results: { errors?: { message?: string; location?: { file?: string; line: number } }[] }[];
    }[];
  }[];
  suites?: PlaywrightSuite[];
}

interface PlaywrightReport {
  stats: { expected: number; unexpected: number; flaky: number; skipped: number };
  errors?: { message?: string }[];
  suites?: PlaywrightSuite[];
}

/** The Playwright runs' reports added up; a missing one (the run crashed before reporting) is a failure. */
export function playwrightTally(suite: string, files: string[]): Tally {
  const tally: Tally = { suite, passed: 0, failed: 0, skipped: 0, failures: [] };
  for (const file of files) {
    if (!existsSync(file)) {
      tally.failed += 1;
      tally.failures.push(`${suite}: no report (${file})`);
      continue;
    }
    const report = JSON.parse(readFileSync(file, 'utf8')) as PlaywrightReport;
    const { expected, unexpected, flaky, skipped } = report.stats;
    const errors = report.errors ?? [];
    tally.passed += expected + flaky;
    tally.failed +=
      unexpected + (expected + unexpected + flaky === 0 || errors.length > 0 ? Math.max(errors.length, 1) : 0);
    tally.skipped += skipped;
    for (const suiteOfFile of report.suites ?? []) tally.failures.push(...unexpectedTests(suiteOfFile, []));
    for (const error of errors) tally.failures.push(`${suite}: ${firstLine(error.message)}`);
    if (expected + unexpected + flaky === 0 && errors.length === 0)
      tally.failures.push(`${suite}: no test ran (${file})`);
  }
  return tally;
}

/** Every test of a Playwright suite that ended as it should not have, with its last attempt's error. */
function unexpectedTests(suite: PlaywrightSuite, titles: string[], file = suite.file): string[] {
  const path = suite.title === suite.file ? [] : [...titles, suite.title];
  const lines: string[] = [];
  for (const spec of suite.specs ?? [])
    for (const test of spec.tests.filter((run) => run.status === 'unexpected')) {
      const last = test.results.at(-1);
      const name = [...path, spec.title].join(' > ');
      const error = last?.errors?.[0];
      // A helper's assertion (tests/support/) is named by its own file.
      const helper = error?.location?.file ? basename(error.location.file) : undefined;
      const place = helper && helper !== basename(file ?? '') ? `${helper}:` : 'line ';
      const at = error?.location ? ` (at ${place}${error.location.line})` : '';
      const gist = errorGist(error?.message).map((text) => `\n      ${text}`);
      lines.push(
        `${file}:${spec.line ?? 0} [${test.projectName}] ${name}${at}: ${firstLine(error?.message)}${gist.join('')}`,
      );
    }
  for (const inner of suite.suites ?? []) lines.push(...unexpectedTests(inner, path, inner.file ?? file));
  return lines;
}

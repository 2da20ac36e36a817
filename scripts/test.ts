// `npm test`: typecheck, format and lint, build, unit and worker tests (vitest), browser tests (Playwright);
// ends with one plain line `N passed, N failed` adding up every suite, which CI reads.

import { existsSync, readFileSync } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { formatPhaseTime, startPhaseClock, type PhaseTime } from './cli/phase-clock.ts';
import { run } from './cli/run.ts';

interface Tally {
  suite: string;
  passed: number;
  failed: number;
  skipped: number;
}

const tallies: Tally[] = [];
/** Each phase's wall and CPU time, printed with the summary. */
const times: { phase: string; time: PhaseTime }[] = [];
const totalClock = startPhaseClock();
const only = process.argv.slice(2);
const wanted = (suite: string) => only.length === 0 || only.includes(suite);

await rm('test-results', { recursive: true, force: true });
await mkdir('test-results', { recursive: true });

// The type check and the format and lint checks read the same files and write nothing: they run side
// by side (each is one thread), their tallies in this order. The build (the worker tests serve
// dist/client as static assets) runs beside them: it writes only what they ignore (dist/, the
// compile cache), and fills the core that the shorter of the two checks leaves idle.
const checks: Promise<Tally>[] = [];
if (wanted('typecheck')) checks.push(typecheck());
if (wanted('lint')) checks.push(lint());
if (wanted('unit') || wanted('worker') || wanted('e2e'))
  checks.push(
    step('build', 'npx', ['tsx', 'scripts/build.ts']).then((ok) => ({
      suite: 'build',
      passed: ok ? 1 : 0,
      failed: ok ? 0 : 1,
      skipped: 0,
    })),
  );
await timed('typecheck, format, lint, build', async () => tallies.push(...(await Promise.all(checks))));

for (const project of ['unit', 'worker'].filter(wanted)) {
  const report = `test-results/${project}.json`;
  await timed(project, () =>
    step(project, 'npx', [
      'vitest',
      'run',
      '--project',
      project,
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${report}`,
    ]),
  );
  tallies.push(vitestTally(project, report));
}

if (wanted('e2e')) {
  await timed('e2e', () => step('e2e', 'npx', ['playwright', 'test']));
  tallies.push(playwrightTally('e2e', 'test-results/e2e.json'));
}

times.push({ phase: 'all', time: totalClock.stop() });
console.log("\nTimes (wall, CPU of the phase's processes, one-minute load average at its start and end)");
for (const { phase, time } of times) console.log(`  - ${phase}: ${formatPhaseTime(time)}`);
console.log('\nSummary');
for (const tally of tallies)
  console.log(
    `  - ${tally.suite} (${tally.passed} passed / ${tally.failed} failed${tally.skipped ? ` / ${tally.skipped} skipped` : ''})`,
  );
const passed = tallies.reduce((sum, t) => sum + t.passed, 0);
const failed = tallies.reduce((sum, t) => sum + t.failed, 0);
const skipped = tallies.reduce((sum, t) => sum + t.skipped, 0);
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 ? 1 : 0);

async function timed<T>(phase: string, work: () => Promise<T>): Promise<T> {
  const clock = startPhaseClock();
  try {
    return await work();
  } finally {
    times.push({ phase, time: clock.stop() });
  }
}

async function typecheck(): Promise<Tally> {
  const ok = await step('typecheck', 'npx', ['tsc', '--noEmit', '-p', 'tsconfig.json']);
  return { suite: 'typecheck', passed: ok ? 1 : 0, failed: ok ? 0 : 1, skipped: 0 };
}

async function lint(): Promise<Tally> {
  const formatted = await step('format', 'npx', ['prettier', '--check', '.']);
  const linted = await step('lint', 'npx', ['eslint', '.']);
  return {
    suite: 'lint',
    passed: Number(formatted) + Number(linted),
    failed: Number(!formatted) + Number(!linted),
    skipped: 0,
  };
}

async function step(name: string, command: string, args: string[]): Promise<boolean> {
  console.log(`\n▶ ${name}: ${command} ${args.join(' ')}`);
  try {
    await run(command, args);
    return true;
  } catch (error) {
    console.error(`✖ ${name} failed: ${(error as Error).message}`);
    return false;
  }
}

/** A suite whose report is missing (it crashed before reporting) counts as one failure. */
function vitestTally(suite: string, file: string): Tally {
  if (!existsSync(file)) return { suite, passed: 0, failed: 1, skipped: 0 };
  const report = JSON.parse(readFileSync(file, 'utf8')) as {
    numPassedTests: number;
    numFailedTests: number;
    numPendingTests: number;
    numTodoTests: number;
    numTotalTests: number;
    success: boolean;
  };
  const failed =
    report.numFailedTests + (report.numTotalTests === 0 || (!report.success && report.numFailedTests === 0) ? 1 : 0);
  return { suite, passed: report.numPassedTests, failed, skipped: report.numPendingTests + report.numTodoTests };
}

function playwrightTally(suite: string, file: string): Tally {
  if (!existsSync(file)) return { suite, passed: 0, failed: 1, skipped: 0 };
  const report = JSON.parse(readFileSync(file, 'utf8')) as {
    stats: { expected: number; unexpected: number; flaky: number; skipped: number };
    errors?: unknown[];
  };
  const { expected, unexpected, flaky, skipped } = report.stats;
  const errors = report.errors?.length ?? 0;
  return {
    suite,
    passed: expected + flaky,
    failed: unexpected + (expected + unexpected + flaky === 0 || errors > 0 ? Math.max(errors, 1) : 0),
    skipped,
  };
}

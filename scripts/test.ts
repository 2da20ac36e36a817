// `npm test`: typecheck, format and lint, build, unit and worker tests (vitest), browser tests (Playwright);
// ends with one plain line `N passed, N failed` adding up every suite, which CI reads.

import { mkdir, rm } from 'node:fs/promises';
import { idle, leaveIdleClass } from './cli/idle-class.ts';
import { formatPhaseTime, startPhaseClock, type PhaseTime } from './cli/phase-clock.ts';
import { startGroup, type GroupedChild } from './cli/process-group.ts';
import { playwrightTally, vitestTally, type Tally } from './cli/test-reports.ts';
import { offlineEnv, run, runCollecting } from './cli/run.ts';
import { waitUntilAnswering } from './bench/server.ts';
import { servesWholeBuild } from './local/npm-start-args.ts';
import { aloneProject, besideOthersProject, e2eServerRunning, e2eWebServer } from '../playwright.config.ts';

const tallies: Tally[] = [];
/** Each phase's wall and CPU time, printed with the summary. */
const times: { phase: string; time: PhaseTime }[] = [];
const totalClock = startPhaseClock();
const only = process.argv.slice(2);
const wanted = (suite: string) => only.length === 0 || only.includes(suite);

await rm('test-results', { recursive: true, force: true });
await mkdir('test-results', { recursive: true });

// The type check and the format and lint checks read the files and write nothing, and nothing waits
// for them: they run from the start, side by side, in the idle scheduling class (cli/idle-class.ts),
// which gets only CPU that no other process of the run wants. The run leaves a core idle while the
// build runs and while the first-paint specs run alone (a browser waits on frames), and they fill it
// there instead of holding every other phase back by ~100 s at the start; a process of the idle
// class gives way at once to any other that wakes, so the first paint is no more starved than alone.
const checks: Promise<Tally>[] = [];
if (wanted('typecheck')) checks.push(typecheck());
if (wanted('lint')) checks.push(lint());
const checked = checks.length
  ? timed('typecheck, format, lint (idle class, beside the rest)', () => Promise.all(checks))
  : Promise.resolve([]);
// The build goes first (the worker tests serve dist/client as static assets, and two unit files read
// the compile cache it fills).
const built: Tally[] = [];
if (wanted('unit') || wanted('worker') || wanted('e2e'))
  await timed('build', async () => {
    const ok = await step('build', 'npx', ['tsx', 'scripts/build.ts']);
    built.push(checkTally('build', { build: ok }));
  });

// Run one after the other, the browser tests and the vitest projects each leave part of the cores
// idle (a browser waits on frames, a server on requests, vitest on its slowest file): all but the
// first-paint specs run beside the unit and worker tests, which fill the cores meanwhile. The
// first-paint specs then run alone, as playwright.config.ts runs them after the others: a starved
// renderer paints before it has laid its text out. One `npm start` serves both runs.
const e2eServer = wanted('e2e') ? startE2eServer() : undefined;
const besideVitest = e2eServer
  ? timed('e2e, beside unit and worker', async () =>
      playwright('e2e', ['--project', besideOthersProject], 'test-results/e2e.json', await e2eServer),
    )
  : undefined;

/** Beside the browser tests, how much lower each project's priority is than theirs (see below). */
const besideNice: Record<string, number> = { unit: 5, worker: 0 };
const vitestProjects = ['unit', 'worker'].filter(wanted);
/** Whether each project's vitest exited 0. */
const exitedOk = new Map<string, boolean>();
if (e2eServer) {
  // Beside the browser tests, the two projects side by side too (the unit tests' slowest files wait on
  // deploys and servers). The unit tests at a lower priority: a browser check waits on frames and
  // hydration under a bound, where a unit file only takes longer. The worker tests keep the normal
  // one: they take little CPU (~120 s of ~2,000), but each waits on workerd under its own time limit,
  // and niced beside ~10 busier processes one got ~0.17 of a core and ran past its limit (CI, load 20).
  // Each one's output is printed in one piece.
  await Promise.all(
    vitestProjects.map((project) => timed(project, async () => exitedOk.set(project, await vitest(project, true)))),
  );
} else {
  for (const project of vitestProjects)
    await timed(project, async () => exitedOk.set(project, await vitest(project, false)));
}
const vitestTallies = vitestProjects.map((project) =>
  vitestTally(project, `test-results/${project}.json`, exitedOk.get(project) ?? false),
);

if (e2eServer && besideVitest) {
  const server = await e2eServer;
  await besideVitest;
  await timed('e2e first paint, alone', () =>
    playwright(
      'e2e first paint',
      ['--project', aloneProject, '--no-deps', '--output', 'test-results/e2e-artifacts-first-paint'],
      'test-results/e2e-first-paint.json',
      server,
    ),
  );
  await server?.stop();
}
// Nothing else is left: checks still running (a machine other work keeps busy leaves the idle class
// no CPU) go on in the normal class.
if (leaveIdleClass() > 0) console.log('\nThe checks still running leave the idle class: nothing else is left.');
// In the order the summary has always listed them.
tallies.push(...(await checked), ...built, ...vitestTallies);
if (e2eServer) tallies.push(playwrightTally('e2e', ['test-results/e2e.json', 'test-results/e2e-first-paint.json']));

times.push({ phase: 'all', time: totalClock.stop() });
console.log("\nTimes (wall, CPU of the phase's processes, one-minute load average at its start and end)");
for (const { phase, time } of times) console.log(`  - ${phase}: ${formatPhaseTime(time)}`);
console.log('\nSummary');
for (const tally of tallies)
  console.log(
    `  - ${tally.suite} (${tally.passed} passed / ${tally.failed} failed${tally.skipped ? ` / ${tally.skipped} skipped` : ''})`,
  );
const failures = tallies.flatMap((tally) => tally.failures);
if (failures.length > 0) {
  console.log('\nFailed');
  for (const failure of failures) console.log(`  ✖ ${failure}`);
}
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
  const ok = await step('typecheck', ...idle('npx', ['tsc', '--noEmit', '-p', 'tsconfig.json']));
  return checkTally('typecheck', { typecheck: ok });
}

async function lint(): Promise<Tally> {
  const [formatted, linted] = await Promise.all([
    step('format', ...idle('npx', ['prettier', '--check', '.'])),
    step('lint', ...idle('npx', ['eslint', '.'])),
  ]);
  return checkTally('lint', { format: formatted, lint: linted });
}

/** A tally of steps that pass or fail whole (the checks, the build); a failed one is named. */
function checkTally(suite: string, steps: Record<string, boolean>): Tally {
  const failed = Object.keys(steps).filter((name) => !steps[name]);
  return {
    suite,
    passed: Object.keys(steps).length - failed.length,
    failed: failed.length,
    skipped: 0,
    failures: failed.map((name) => `${name}: see its output above`),
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

/** One vitest project, its JSON report in test-results/; beside others: its output printed when it ends. */
async function vitest(project: string, beside: boolean): Promise<boolean> {
  const args = [
    'vitest',
    'run',
    '--project',
    project,
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=test-results/${project}.json`,
  ];
  if (!beside) return step(project, 'npx', args);
  const nice = String(besideNice[project] ?? 5);
  const { code, stdout, stderr } = await runCollecting('nice', ['-n', nice, 'npx', ...args], offlineEnv);
  console.log(`\n▶ ${project}: nice -n ${nice} npx ${args.join(' ')}\n${stdout}${stderr}`);
  if (code !== 0) console.error(`✖ ${project} failed: exited with ${code}`);
  return code === 0;
}

/**
 * The server playwright.config.ts would start (`npm start` on E2E_PORT), started once for both
 * Playwright runs; undefined (and a failed step) when it does not answer.
 */
async function startE2eServer(): Promise<GroupedChild | undefined> {
  const server = e2eWebServer;
  const grouped = startGroup('sh', ['-c', server.command], {
    stdio: 'pipe',
    env: { ...offlineEnv, ...server.env },
    graceMs: 10_000,
  });
  try {
    await waitUntilAnswering(
      new URL(server.url).origin,
      grouped.exited,
      server.timeout,
      servesWholeBuild(grouped.output),
    );
    return grouped;
  } catch (error) {
    console.error(`✖ e2e server did not start: ${(error as Error).message}\n${grouped.output()}`);
    await grouped.stop();
    return undefined;
  }
}

/** One Playwright run against the started server; its output is printed in one piece when it ends. */
async function playwright(name: string, args: string[], report: string, server: GroupedChild | undefined) {
  if (!server) return false;
  const command = ['playwright', 'test', ...args, '--reporter=list,json'];
  const env = { ...offlineEnv, [e2eServerRunning]: '1', PLAYWRIGHT_JSON_OUTPUT_NAME: report };
  const { code, stdout, stderr } = await runCollecting('npx', command, env);
  console.log(`\n▶ ${name}: npx ${command.join(' ')}\n${stdout}${stderr}`);
  if (code !== 0) {
    console.error(`✖ ${name} failed: exited with ${code}`);
    // What the server logged (the worker's errors among it) says what a failed check cannot.
    const logged = serverProblems(server.output());
    if (logged.length > 0) console.error(`The browser tests' server (npm start) logged:\n${logged.join('\n')}`);
  }
  return code === 0;
}

/** The last lines of a server's output that tell of an error or a failure, at most 40. */
function serverProblems(output: string): string[] {
  return output
    .split('\n')
    .filter((line) => /error|fail|✘|uncaught/i.test(line))
    .slice(-40);
}

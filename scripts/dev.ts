// `npm start [-- --content DIR]`: build (wrangler dev starting meanwhile), serve the build from its
// own KV files with wrangler dev on 127.0.0.1, and build again whenever the content changes; the
// open tabs follow by themselves (live-reload/). Once the routes and sidebars are known the site is
// served while its pages compile: a page asked for is compiled next (live-reload/early-site.ts). A
// page that fails to build does not stop it: its route shows its problems (status 500) and the
// terminal lists them; every other page is served.

import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, sep } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs, sharedUsage } from './cli/args.ts';
import { catchInterrupts, removeOnExit } from './cli/interrupt.ts';
import { brokenPagesMessage } from './compiler/outputs/broken-pages.ts';
import { buildFailureMessage } from './compiler/errors.ts';
import type { BuildOptions, BuildResult } from './compiler/types.ts';
import { CompilePriority } from './compiler/compile/priority.ts';
import type { EarlyBuild, LiveBuild } from './compiler/outputs/early-build.ts';
import { kvKeys } from '../client/contract/storage.ts';
import { earlySite, type EarlySite } from './local/live-reload/early-site.ts';
import { discardState, type BuildState } from './compiler/incremental/build-state.ts';
import { watchContent } from './local/dev-watch.ts';
import { ensureLocalQuerySecret } from './local/dev-vars.ts';
import { migrateLocalD1 } from './local/local-d1.ts';
import { indexKvFiles, type GrowingKvIndex } from './local/kv-index.ts';
import { outputFolderMade } from './local/output-folder.ts';
import { pointerEntries, seededKeys } from './local/local-kv.ts';
import { startEventServer } from './local/live-reload/event-server.ts';
import type { KeyPresence, KvEntry, KvFileListener } from './compiler/outputs/kv-writer.ts';
import { rebuildLive, sendUpdate, type LiveReloadLoop } from './local/live-reload/rebuild.ts';
import { freePort } from './cli/free-port.ts';
import { startGroup, type GroupedChild } from './cli/process-group.ts';
import { offlineEnv } from './cli/run.ts';
import { progressFor, type ProgressReporter } from './cli/progress.ts';

const args = parseArgs(process.argv.slice(2), {
  usage: `npm start [-- options]: builds the site, serves it on 127.0.0.1:$PORT and builds again on every edit\n\n${sharedUsage}`,
});
// Ctrl+C at any point, the first build's too, exits through the 'exit' hooks that remove its temp folders.
catchInterrupts();
// The compiler is loaded once the arguments are read: `--help` and a refused option answer without it.
const [{ runBuild }, { rebuildPages }, { warmRebuild }] = await Promise.all([
  import('./compiler/pipeline.ts'),
  import('./compiler/incremental/rebuild-pages.ts'),
  import('./compiler/incremental/warm-rebuild.ts'),
]);

/** How long the first pointer waits for wrangler dev to answer (its start, on a busy machine). */
const wranglerStartMs = 300_000;

/**
 * Builds into `outDir` with broken pages tolerated and says how it went; throws what stopped it.
 * Unchanged pages come from the compile cache; `kvPresent`: keys the local KV already holds.
 */
async function build(
  outDir: string,
  kvPresent?: KeyPresence,
  progress?: ProgressReporter,
  more?: Pick<BuildOptions, 'serveEarly' | 'priority' | 'kvFiles'>,
): Promise<BuildResult> {
  const started = performance.now();
  const result = await runBuild({
    siteDir: args.content,
    outDir,
    tolerateBrokenPages: true,
    development: true,
    searchInKv: true,
    ...(args.cache ? { cacheDir: args.cache } : {}),
    ...(kvPresent ? { kvPresent } : {}),
    ...(progress ? { progress } : {}),
    ...more,
    keepState: true,
  });
  state = result.state;
  const pages = result.pages.length === 1 ? '1 page' : `${result.pages.length} pages`;
  return said(result, pages, started);
}

/** Tells the terminal how a build went. */
function said(result: BuildResult, what: string, started: number): BuildResult {
  for (const warning of result.warnings) console.warn(`warning: ${warning.message}`);
  if (result.broken.length > 0) console.error(brokenPagesMessage(result.broken));
  const seconds = ((performance.now() - started) / 1000).toFixed(2);
  const broken = result.broken.length > 0 ? `, ${result.broken.length} broken` : '';
  console.log(`built ${what}${broken} (build ${result.buildId}) in ${seconds} s`);
  return result;
}

/** What the last build kept for a one-page rebuild; none once a rebuild failed or could not use it. */
let state: BuildState | undefined;
/** The rebuild's cold paths run once the first build is served (warm-rebuild.ts): a rebuild waits for it. */
let warmed: Promise<unknown> = Promise.resolve();
/**
 * Set once an edit waits for the warm-up, which stops at its next step. What it left cold stays so:
 * warmed later, it would hold this thread, which serves the dev worker's KV reads, while the tabs
 * fetch the edited page (a language's warm-up takes up to 0.5 s, more on a busy machine).
 */
let editWaiting = false;

function warmUp(kept: BuildState): void {
  const started = performance.now();
  warmed = warmRebuild(kept, () => editWaiting).then(
    ({ routes, done }) => {
      const ms = Math.round(performance.now() - started);
      if (process.env.SELF_LIVE_RELOAD_TIMINGS === '1')
        console.log(
          `rebuild warmed on ${routes.join(', ') || 'no page'} in ${ms} ms${done ? '' : ', stopped for an edit'}`,
        );
    },
    () => undefined,
  );
}

/**
 * Builds again after `changed` (absolute paths): only the pages they touch when it can, else all.
 * `kvFiles` hears each KV file it writes.
 */
async function buildAgain(
  outDir: string,
  kvPresent: KeyPresence,
  changed: Set<string>,
  kvFiles: KvFileListener,
): Promise<BuildResult> {
  editWaiting = true;
  await warmed;
  const kept = state;
  // Spent, unless the rebuild hands it back.
  state = undefined;
  if (kept) {
    const started = performance.now();
    const outcome = await rebuildPages(kept, changed, { outDir, kvPresent, kvFiles }).catch((error: unknown) => {
      discardState(kept);
      throw error;
    });
    if ('result' in outcome) {
      state = outcome.result.state;
      if (process.env.SELF_LIVE_RELOAD_TIMINGS === '1') console.log(`rebuild steps ${JSON.stringify(outcome.steps)}`);
      return said(outcome.result, outcome.pages.join(', '), started);
    }
    discardState(kept);
    console.log(`building every page: ${outcome.fallback}`);
  }
  return build(outDir, kvPresent, undefined, { kvFiles });
}

// Rebuilds go to a folder of their own: wrangler keeps serving the assets folder, which only ever
// gains files (the new build's, copied in before its pointer is written), so a page of the
// previous build still finds its scripts.
const staging = await mkdtemp(join(tmpdir(), 'self-docs-dev-'));
removeOnExit(staging);
// The rebuilds' KV files, served from here (rebuild.ts `serveRebuilt`), beside the staging folder.
const rebuiltValues = await mkdtemp(join(tmpdir(), 'self-docs-dev-values-'));
removeOnExit(rebuiltValues);
let loopReady: (loop: LiveReloadLoop) => void = () => undefined;
/** The live-reload loop, once the first build is served whole: edits made before wait for it. */
const liveLoop = new Promise<LiveReloadLoop>((resolve) => (loopReady = resolve));
let watcher: ReturnType<typeof watchContent> | undefined;

/** Watches the content from now on (once); the docs folder too when it lies outside the site folder (`docs.path`). */
function startWatching(docsDir: string): void {
  if (watcher) return;
  const watched = docsDir.startsWith(args.content + sep) ? [args.content] : [args.content, docsDir];
  watcher = watchContent(watched, [args.out, staging], async (changed) => {
    const loop = await liveLoop;
    console.log('content changed: building again…');
    try {
      await rebuildLive(loop, changed);
    } catch (error) {
      // A bug or a failing call is reported like a build error: the server goes on, and the tabs show it.
      const message = buildFailureMessage(error);
      console.error(message ?? error, '\n(still serving the last build that succeeded)');
      events.broadcast({ failed: message ?? (error instanceof Error ? error.message : String(error)) });
    }
  });
}

// The first build can take minutes on a large site: it shows its progress; rebuilds do not. Its
// values are not copied into local KV: the dev worker reads them from its KV files through the
// dev server (kv-index.ts), so only its pointer is written. Local D1, the query secret and wrangler
// dev's start go on beside it; until the pointer is live, a page waits for it (up to 20 s), then answers
// that the site is building.
// Once the routes and sidebars are known, an early build is served while the pages compile.
const progress = progressFor();
const token = randomBytes(24).toString('hex');
const origin = `http://127.0.0.1:${args.port}`;
// The tabs' event streams live here, and the first build's values; the dev worker passes the
// streams through and takes the rebuilds' keys from this process alone (the token).
const events = await startEventServer(token);
const priority = new CompilePriority();
holdForTests(priority);
/** Settles once the early build is served (undefined: it was not). */
let earlyServed: Promise<EarlySite | undefined> = Promise.resolve(undefined);
/** Where the first build's values lie, as its writer wrote them (read back from its files if unknown). */
let firstBuildIndex: GrowingKvIndex | undefined;
const serveEarly = (live: LiveBuild) => {
  const site = earlySite(live, priority);
  firstBuildIndex = site.builtIndex;
  return (early: EarlyBuild) => {
    earlyServed = serveEarlyBuild(site, early).catch((error: unknown) => {
      console.error(`serving before the build is done failed: ${(error as Error).message}`);
      return undefined;
    });
  };
};
// Made anew by the build: wrangler dev starts once the build has done so (outputFolderMade).
await rm(args.out, { recursive: true, force: true });
const firstBuild = build(args.out, undefined, progress, { serveEarly, priority });
let firstBuilt = false;
/** Set once the first build is served whole: wrangler dev's end is then handled where this file ends. */
let servingWhole = false;
firstBuild.then(
  () => (firstBuilt = true),
  () => undefined,
);
const wranglerStarted = (async () => {
  await prepareLocalState();
  if (!(await outputFolderMade(args.out, firstBuild))) return undefined;
  await mkdir(join(args.out, 'client'), { recursive: true });
  const wrangler = await startWrangler();
  stopWithWrangler(wrangler);
  return wrangler;
})();
// Awaited once the build is done; a failure meanwhile waits for it there.
wranglerStarted.catch(() => undefined);
let first: BuildResult;
try {
  first = await firstBuild;
} catch (error) {
  const message = buildFailureMessage(error);
  if (!message) throw error;
  console.error(message);
  await (await wranglerStarted.catch(() => undefined))?.stop();
  process.exit(1);
}
const fromFirstBuild = firstBuildIndex ?? (await indexKvFiles(args.out, progress));
const wrangler = (await wranglerStarted)!;
// Written through the dev worker, which reads the pointer again; pages wait for it (the building page).
const pointer = await pointerEntries(args.out, args.persist);
// After the early build's pointer, never before it.
const early = await earlyServed;
const pointed = sendUpdate({ origin, token }, { pointer }, wranglerStartMs).then(
  () => {
    // Tabs on the early build's pages reload once: the whole build has the search, feeds and site components.
    // A read that took the early pointer just before still finds the early build's keys until it closes.
    const served = early ? early.handOver(fromFirstBuild) : fromFirstBuild;
    events.serve(served, { buildId: first.buildId, reload: early !== undefined, routes: [] });
    if (early) {
      console.log(`\nSELF Docs: every page is built (build ${first.buildId})\n`);
      // Reads of the early build already under way finish first.
      setTimeout(() => void early.close(), 30_000).unref();
    } else console.log(`\nSELF Docs: ${origin}\n`);
  },
  async (error: unknown) => {
    console.error(`wrangler dev did not take the build: ${(error as Error).message}`);
    await wrangler.stop();
  },
);
await Promise.race([pointed, wrangler.exited]);

/** Serves the early build once wrangler dev is up: its pointer, then its values; edits are watched from then on. */
async function serveEarlyBuild(site: ReturnType<typeof earlySite>, early: EarlyBuild): Promise<EarlySite | undefined> {
  const opened = await site.start(early);
  const wrangler = await wranglerStarted.catch(() => undefined);
  // A small site is built before wrangler dev is up: it is served whole at once.
  if (!wrangler || firstBuilt) {
    await opened.close();
    return undefined;
  }
  const earlyPointer: KvEntry[] = [
    { key: kvKeys.history, value: JSON.stringify([early.buildId]) },
    { key: kvKeys.current, value: early.buildId },
  ];
  // wrangler dev ending meanwhile (a port taken, a crash) ends npm start (stopWithWrangler): this
  // wait goes no further, and says nothing more.
  const never = wrangler.exited.then(() => new Promise<never>(() => undefined));
  await Promise.race([sendUpdate({ origin, token }, { pointer: earlyPointer }, wranglerStartMs), never]);
  events.serve(opened.index, { buildId: early.buildId, reload: false, routes: [] }, opened);
  const { stored, total } = opened.progress();
  console.log(`\nSELF Docs: ${origin} (${stored} of ${total} pages built: a page asked for is built next)\n`);
  startWatching(early.docsDir);
  return opened;
}

/**
 * Until the first build is served whole, wrangler dev ending (its port taken, a crash) ends npm
 * start at once, saying so: the build going on, or a wait for the dev worker to answer, would
 * serve nobody. From then on the end of this file exits with it.
 */
function stopWithWrangler(wrangler: GroupedChild): void {
  void wrangler.exited.then(async ({ code, signal, error }) => {
    if (servingWhole) return;
    const how = error ? error.message : (signal ?? `code ${code}`);
    console.error(`\nwrangler dev exited (${how}) before it served the site: npm start stops`);
    await events.close();
    await wrangler.stop();
    process.exit(code || 1);
  });
}

/**
 * For tests: while the file `SELF_DEV_HOLD_FILE` names exists, the first build compiles only the
 * pages asked for, so a test sees pages served before the build is done.
 */
function holdForTests(held: CompilePriority): void {
  const file = process.env.SELF_DEV_HOLD_FILE;
  if (!file || !existsSync(file)) return;
  held.hold(true);
  const timer = setInterval(() => {
    if (existsSync(file)) return;
    held.hold(false);
    clearInterval(timer);
  }, 200);
}

/** Applies the D1 migrations and makes sure of the query secret (wrangler dev reads both at start). */
async function prepareLocalState(): Promise<void> {
  const started = performance.now();
  await migrateLocalD1(args.persist);
  if (await ensureLocalQuerySecret()) console.log('wrote a random QUERY_ID_SECRET into .dev.vars');
  console.log(`local D1 migrated in ${((performance.now() - started) / 1000).toFixed(2)} s`);
}

/** npx → wrangler → workerd, serving the dev worker and the assets folder of `args.out`. */
async function startWrangler(): Promise<GroupedChild> {
  console.log('wrangler dev: starting (pages are served once the routes are read)');
  // npx → wrangler → workerd in a process group of their own: a SIGINT/SIGTERM to this process
  // (Ctrl+C, Playwright's webServer shutdown) ends all of them, not just npx.
  return startGroup(
    'npx',
    [
      'wrangler',
      'dev',
      // The worker with live reload around it: wrangler.toml's `main` (what a deploy bundles) has none of it.
      'scripts/local/live-reload/dev-worker.ts',
      '--var',
      `LIVE_RELOAD_ORIGIN:${events.origin}`,
      '--var',
      `LIVE_RELOAD_TOKEN:${token}`,
      '--ip',
      '127.0.0.1',
      '--port',
      String(args.port),
      // Its debugger on a free port: wrangler's default (9229, else 9230) collides when several npm
      // starts begin at once (the browser tests' fixture sites), and the loser exits.
      '--inspector-port',
      String(await freePort()),
      '--local',
      '--show-interactive-dev-session=false',
      // The analytics cleanup (a Cron Trigger) can be run by hand: curl '/__scheduled?cron=17+3+*+*+*'.
      '--test-scheduled',
      '--log-level',
      'warn',
      // A build in another folder (--out) is served from there.
      '--assets',
      join(args.out, 'client'),
      ...(args.persist ? ['--persist-to', args.persist] : []),
    ],
    // React's production build, as a deploy bundles it: wrangler dev would define NODE_ENV as
    // `development`, whose renderer takes several times as long for each page a rebuild changed.
    { env: { ...offlineEnv, NODE_ENV: 'production' } },
  );
}

const loop: LiveReloadLoop = {
  siteDir: args.content,
  outDir: args.out,
  stagingDir: staging,
  origin,
  token,
  ...(args.persist ? { persistTo: args.persist } : {}),
  events,
  seeded: await seededKeys(args.persist),
  served: fromFirstBuild,
  valuesDir: rebuiltValues,
  shown: { manifest: first.manifest, routeTargets: first.routeTargets },
  build: buildAgain,
};
loopReady(loop);
startWatching(first.docsDir);
if (state) warmUp(state);
process.once('exit', () => {
  void fromFirstBuild.close();
  if (state) discardState(state);
});
servingWhole = true;
// If wrangler ends by itself, end whatever it left behind too, and exit as it did.
const { code, error } = await wrangler.exited;
if (error) console.error(error.message);
watcher?.close();
await events.close();
await wrangler.stop();
process.exit(code ?? 1);

// One turn of the author's loop under `npm start`: build again (unchanged pages from the compile
// cache, KV files holding only keys the dev worker cannot read yet), serve those files from the dev
// server as the first build's are (the dev worker asks it for any key local KV lacks), write the
// pointer through the dev worker, then tell the open tabs what changed. Nothing else goes into local
// KV: an edit that remakes megabytes of search pieces costs a file move, not a write of each key.
// Each step's time is said, for the bench and the curious.

import { existsSync } from 'node:fs';
import { mkdtemp, rename } from 'node:fs/promises';
import { basename, join, sep } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { KeyPresence, KvFileListener, KvPlace } from '../../compiler/outputs/kv-writer.ts';
import type { BuildResult } from '../../compiler/types.ts';
import type { GrowingKvIndex } from '../kv-index.ts';
import { pointerEntries } from '../local-kv.ts';
import { buildEvent, chromeChanges, type BuildOutline } from './build-changes.ts';
import type { EventServer } from './event-server.ts';
import { syncAssets } from './sync-assets.ts';
import { liveReloadPaths, tokenHeader, type KvUpdate } from './protocol.ts';

export interface LiveReloadLoop {
  siteDir: string;
  /** The folder wrangler dev serves assets from. */
  outDir: string;
  /** Where rebuilds are written before their new files join `outDir`. */
  stagingDir: string;
  /** The dev worker's origin (wrangler dev). */
  origin: string;
  token: string;
  persistTo?: string;
  events: EventServer;
  /** Content keys the local KV holds (written by an earlier seed of this state). */
  seeded: ReadonlySet<string>;
  /**
   * What the dev server serves the dev worker from: the first build's KV files, then each
   * rebuild's, which join it (`serveRebuilt`).
   */
  served: GrowingKvIndex;
  /** Where the rebuilds' KV files are kept while served (on the staging folder's file system). */
  valuesDir: string;
  /** The build the tabs show. */
  shown: BuildOutline;
  /**
   * Builds again after `changed`: the pages it touches alone when it can. `kvFiles` hears each KV
   * file it writes, with where its values lie.
   */
  build(outDir: string, kvPresent: KeyPresence, changed: Set<string>, kvFiles: KvFileListener): Promise<BuildResult>;
}

/** How long a write waits for wrangler dev, which restarts its runtime when the assets folder changes. */
const restartWaitMs = 15_000;

/**
 * Hands `update` to the dev worker at `loop.origin`, waiting up to `waitMs` for wrangler dev to
 * answer (it restarts its runtime when the assets folder changes, and is still starting when the
 * first build is done on a small site).
 */
export async function sendUpdate(
  loop: Pick<LiveReloadLoop, 'origin' | 'token'>,
  update: KvUpdate,
  waitMs = restartWaitMs,
): Promise<void> {
  const deadline = performance.now() + waitMs;
  for (;;) {
    const response = await fetch(new URL(liveReloadPaths.update, loop.origin), {
      method: 'POST',
      headers: { [tokenHeader]: loop.token, 'content-type': 'application/json' },
      body: JSON.stringify(update),
    }).catch((error: unknown) => error as Error);
    if (!(response instanceof Error) && response.ok) return;
    // Refused or 503: the runtime is restarting. Anything else is an answer, and a wrong one.
    const restarting = response instanceof Error || response.status === 503;
    if (!restarting || performance.now() > deadline) {
      const why = response instanceof Error ? response.message : String(response.status);
      throw new Error(`the dev worker did not take the build's pointer (${why})`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A KV file a build wrote, with where its values lie (as its writer counted them). */
export interface WrittenKvFile {
  file: string;
  places: KvPlace[];
}

/**
 * Moves a rebuild's KV files `written` out of its staging folder (the next rebuild makes it anew)
 * into a folder of their own under `valuesDir`, and serves them with `served` at the places their
 * writer counted (a moved file's bytes do not move, so nothing is read back); returns how many
 * entries they hold.
 */
export async function serveRebuilt(
  written: readonly WrittenKvFile[],
  valuesDir: string,
  served: GrowingKvIndex,
): Promise<number> {
  if (written.length === 0) return 0;
  const kept = await mkdtemp(join(valuesDir, 'rebuild-'));
  let entries = 0;
  for (const { file, places } of written) {
    const moved = join(kept, basename(file));
    await rename(file, moved);
    served.add(moved, places);
    entries += places.length;
  }
  return entries;
}

/**
 * Rebuilds after `changed` (absolute paths), serves what it stored, moves the pointer and tells the
 * tabs; throws what stopped the build.
 */
export async function rebuildLive(loop: LiveReloadLoop, changed: Set<string>): Promise<void> {
  const started = performance.now();
  // Keys the dev server serves or local KV holds are not stored again: asked of both, not copied
  // into one set (some 210,000 keys at 100,000 pages, copied each edit).
  const present: KeyPresence = { has: (key) => loop.served.has(key) || loop.seeded.has(key) };
  const files: WrittenKvFile[] = [];
  const result = await loop.build(loop.stagingDir, present, changed, (file, places) => files.push({ file, places }));
  const built = performance.now();
  // A one-page rebuild writes no static files.
  const client = join(loop.stagingDir, 'client');
  const copied = existsSync(client) ? await syncAssets(client, join(loop.outDir, 'client')) : [];
  // Without a new static file wrangler dev does not restart, so the worker may write KV after answering.
  const background = copied.length === 0 ? { background: true as const } : {};
  // Served before the pointer names the build, so a reader of the new build finds every value.
  const entries = await serveRebuilt(files, loop.valuesDir, loop.served);
  const pointer = await pointerEntries(loop.stagingDir, loop.persistTo);
  const prepared = performance.now();
  await sendUpdate(loop, { pointer, ...background });
  const written = performance.now();
  const staticDir = join(loop.siteDir, 'static') + sep;
  const staticChanged = [...changed].some((path) => (path + sep).startsWith(staticDir));
  const next: BuildOutline = { manifest: result.manifest, routeTargets: result.routeTargets };
  const event = buildEvent(loop.shown, next, staticChanged);
  loop.events.broadcast(event);
  const notified = performance.now();
  const ms = (from: number, to: number) => Math.round(to - from);
  const chrome = staticChanged ? ['static'] : chromeChanges(loop.shown.manifest, next.manifest);
  const what = event.reload
    ? `reload (${chrome.join(', ')} changed)`
    : `${event.routes.length} route${event.routes.length === 1 ? '' : 's'}`;
  console.log(
    `live reload: ${what}, ${entries} keys served from the rebuild's files; build ${ms(started, built)} ms, ` +
      `kv ${ms(built, written)} ms, total ${ms(started, performance.now())} ms`,
  );
  loop.shown = next;
  // The bench's figures: when each step ended, in epoch milliseconds.
  if (process.env.SELF_LIVE_RELOAD_TIMINGS === '1') {
    const at = (mark: number) => Math.round(performance.timeOrigin + mark);
    const steps = {
      started: at(started),
      built: at(built),
      prepared: at(prepared),
      written: at(written),
      notified: at(notified),
    };
    console.log(`live-reload-timings ${JSON.stringify(steps)}`);
  }
}

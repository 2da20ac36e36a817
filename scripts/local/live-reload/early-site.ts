// The dev server's side of serving `npm start`'s first build before it is done: the early build's
// records (outputs/early-build.ts) in front of the build's values as they are stored. A page's
// stand-in key answers with the page once stored; a page a reader asks for is compiled first.

import type { CompilePriority } from '../../compiler/compile/priority.ts';
import type { EarlyBuild, LiveBuild } from '../../compiler/outputs/early-build.ts';
import { growingKvIndex, indexKvFiles, type GrowingKvIndex, type KvIndex } from '../kv-index.ts';

/**
 * A page's state for the dev worker: `unknown` is no page's route (the worker answers as it would);
 * `broken`: it failed to build, and the whole build shows its problems.
 */
export type PageState = 'ready' | 'building' | 'broken' | 'unknown';

export interface EarlySite {
  buildId: string;
  /** The early build's KV, as the dev worker reads it through the dev server. */
  index: KvIndex;
  /** Asks for the page at `path` and waits up to `waitMs` for it. */
  pageState(path: string, waitMs: number): Promise<PageState>;
  progress(): { stored: number; total: number };
  /**
   * The whole build's index `built`, answering the early build's keys too until this site closes:
   * a request that read the early pointer just before the switch still finds its keys.
   */
  handOver(built: KvIndex): KvIndex;
  close(): Promise<void>;
}

/** The routes a request path may be the page of: itself, its other slash form, its Markdown view's, its data's. */
export function routeCandidates(path: string): string[] {
  let route = path;
  const data = /^\/__data\/[a-f0-9]{6,64}(\/.*)\.json$/.exec(path);
  if (data) route = data[1] === '/index' ? '/' : data[1]!;
  else if (route.endsWith('.md')) route = route.slice(0, -'.md'.length);
  try {
    route = decodeURIComponent(route);
  } catch {
    return [];
  }
  const other = route.length > 1 && route.endsWith('/') ? route.slice(0, -1) : `${route}/`;
  return route === '/' ? ['/'] : [route, other];
}

/**
 * Sets up the early site over `live` from the build's start (its values are readable as they are
 * stored); `start` opens it once the early build is written. `builtIndex` is where the build's
 * values lie once it is done, as its writer counted them: the caller's to close, an early site's
 * close leaves it open.
 */
export function earlySite(live: LiveBuild, priority: CompilePriority) {
  const liveIndex = growingKvIndex((key) => live.kv.pendingValue(key));
  live.kv.readWhileWriting((file, places) => liveIndex.add(file, places));
  const waiting = new Map<string, Set<() => void>>();
  live.onStored((route) => {
    const listeners = waiting.get(route);
    waiting.delete(route);
    for (const resolve of listeners ?? []) resolve();
  });
  /** Whether the page at `route` is stored by then, asking for it first. */
  const stored = (route: string, waitMs: number): Promise<boolean> => {
    if (live.keysOf(route)) return Promise.resolve(true);
    priority.ask(route);
    return new Promise((resolve) => {
      const listeners = waiting.get(route) ?? new Set();
      waiting.set(route, listeners);
      const done = () => {
        clearTimeout(timer);
        listeners.delete(done);
        resolve(live.keysOf(route) !== undefined);
      };
      const timer = setTimeout(done, waitMs);
      listeners.add(done);
    });
  };

  return {
    builtIndex: liveIndex as GrowingKvIndex,
    async start(early: EarlyBuild): Promise<EarlySite> {
      const records = await indexKvFiles(early.dir);
      /** The key a stand-in stands for once its page is stored (waiting up to `waitMs`); the key itself otherwise. */
      const realKey = async (key: string, waitMs: number): Promise<string | undefined> => {
        const [, prefix, hash] = /^(page|md):(.*)$/.exec(key) ?? [];
        const route = hash === undefined ? undefined : early.routeOf.get(hash);
        if (route === undefined) return key;
        if (!(await stored(route, waitMs))) return undefined;
        return live.keysOf(route)!.find((one) => one.startsWith(`${prefix}:`));
      };
      const index: KvIndex = {
        has: (key) => records.has(key) || liveIndex.has(key),
        keys: () => liveIndex.keys(),
        get size() {
          return liveIndex.size;
        },
        async readJson(keys) {
          const values: Record<string, unknown> = {};
          await Promise.all(
            keys.map(async (key) => {
              if (records.has(key)) return void (values[key] = JSON.parse(await records.readJson([key]))[key]);
              // A stand-in read without asking first (a page's data, llms-full.txt): waited for a while.
              const real = await realKey(key, readWaitMs);
              values[key] = real === undefined ? null : JSON.parse(await liveIndex.readJson([real]))[real];
            }),
          );
          return JSON.stringify(values);
        },
        // The build's own index goes on as `builtIndex`.
        close: () => records.close(),
      };
      let open = true;
      return {
        buildId: early.buildId,
        index,
        async pageState(path, waitMs) {
          const route = routeCandidates(path).find((candidate) => early.routes.has(candidate));
          if (route === undefined) return 'unknown';
          if (!(await stored(route, waitMs))) return 'building';
          return live.keysOf(route)!.some((key) => key.startsWith('page:')) ? 'ready' : 'broken';
        },
        progress: () => live.progress(),
        handOver(whole) {
          // Stand-ins are no keys of the early records: every key the whole build lacks is asked here.
          const earlyOnly = (key: string) => open && !whole.has(key);
          return {
            has: (key) => whole.has(key) || (open && index.has(key)),
            keys: () => whole.keys(),
            get size() {
              return whole.size;
            },
            async readJson(keys) {
              const fromEarly = keys.filter(earlyOnly);
              if (fromEarly.length === 0) return whole.readJson(keys);
              const [wholeValues, earlyValues] = await Promise.all([
                whole.readJson(keys.filter((key) => !fromEarly.includes(key))),
                index.readJson(fromEarly),
              ]);
              return JSON.stringify({ ...JSON.parse(wholeValues), ...JSON.parse(earlyValues) });
            },
            close: () => whole.close(),
          };
        },
        close() {
          open = false;
          return index.close();
        },
      };
    },
  };
}

/** How long a read of a page not yet stored waits (the worker's KV reads give up after 2 s). */
const readWaitMs = 1_500;

// What the dev server, the dev worker and the tabs' script say to each other (npm start only).

import type { KvEntry } from '../../compiler/outputs/kv-writer.ts';

/** Paths the dev worker answers itself, before the real worker. */
export const liveReloadPaths = {
  /** The tabs' event stream (server-sent events of `BuildEvent`). */
  events: '/__dev/live-reload/events',
  /** The tabs' script. */
  script: '/__dev/live-reload/script.js',
  /** The dev server's POST of a rebuild's `KvUpdate`. */
  update: '/__dev/live-reload/update',
  /**
   * The dev server's answer (POST a JSON list of keys, with the token) for keys local KV lacks:
   * the first build's values, read from its KV files; status 503 until that build is served.
   */
  kv: '/__dev/live-reload/kv',
  /**
   * The dev worker's question while the first build is served before it is done (POST a request's
   * path, with the token): is that page stored? The answer is a `PageAnswer`.
   */
  page: '/__dev/live-reload/page',
} as const;

/**
 * `ready`: the page is stored; `unknown`: no page's route; `building`: not stored yet (it is
 * compiled next); `broken`: it failed to build; `final`: the whole build is served, no need to ask again.
 */
export interface PageAnswer {
  state: 'ready' | 'building' | 'broken' | 'unknown' | 'final';
  /** Pages stored so far, of `total` (while building). */
  stored?: number;
  total?: number;
}

/** Header carrying the token the dev server drew at start. */
export const tokenHeader = 'x-live-reload-token';

/**
 * A build's write to local KV: the pointer alone. Its other keys stay in the build's KV files,
 * which the dev server serves (`kv`), so an edit that remakes megabytes of pieces writes none of them.
 */
export interface KvUpdate {
  pointer: KvEntry[];
  /**
   * The dev worker may answer before local KV holds them (it serves them from memory meanwhile):
   * the rebuild changed no static file, so wrangler dev will not restart it during the writes.
   */
  background?: true;
}

/** A build that is now served. */
export interface BuiltEvent {
  buildId: string;
  /** The site's chrome changed (config, sidebars, styles, static files): every tab reloads. */
  reload: boolean;
  /** Routes whose page changed; a tab on another route has nothing to do. */
  routes: string[];
}

/**
 * What a tab hears after each rebuild, and on connecting (what changed since the build it names),
 * or that the build stopped before any page (the config, a sidebar): shown over every tab until fixed.
 */
export type BuildEvent = BuiltEvent | { failed: string };

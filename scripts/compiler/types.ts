// The compiler's own shapes: what a build is asked to do and what it hands back. The shapes a build
// stores for the worker and the browser are the contract's (client/contract/).

import type { Manifest, RouteTarget } from '../../client/contract/storage.ts';
import type { BuildError } from './errors.ts';
import type { BrokenPageReport } from './outputs/broken-pages.ts';
import type { ProgressReporter } from '../cli/progress.ts';
import type { PhaseTimer } from './phase-timings.ts';
import type { BuildState } from './incremental/build-state.ts';
import type { PageSummary } from './outputs/page-store.ts';
import type { KeyPresence, KvFileListener } from './outputs/kv-writer.ts';
import type { EarlyBuild, LiveBuild } from './outputs/early-build.ts';
import type { CompilePriority } from './compile/priority.ts';

export type { PageSummary };

export interface BuildOptions {
  siteDir: string;
  outDir: string;
  /** Skip the browser bundle (unit tests of the content steps); the search pieces then go to KV. */
  skipClient?: boolean;
  /**
   * The dev server: a page that fails to build becomes an error page at its route (see
   * outputs/broken-pages.ts) and the build goes on; problems outside pages still stop it.
   */
  tolerateBrokenPages?: boolean;
  /** A development build (`npm start`): drafts are shown, as `docusaurus start` shows them. */
  development?: boolean;
  /** Told as each phase starts (the `--timings` figures). */
  timer?: PhaseTimer;
  /** Told each phase and each page stored, for a command to show; the build itself prints nothing. */
  progress?: ProgressReporter;
  /**
   * A folder to keep compiled pages in between builds (compile/cache.ts): pages whose source and
   * context did not change are not compiled again. None by default.
   */
  cacheDir?: string;
  /**
   * Content keys the KV this build goes to already holds (`npm start`'s rebuilds): its bulk files
   * leave them out, so they hold only the keys that changed. The build's records name them all.
   */
  kvPresent?: KeyPresence;
  /**
   * Told each KV bulk file once written, with where its values lie (`npm start` serves a
   * rebuild's files as they are, without reading them back to find its values).
   */
  kvFiles?: KvFileListener;
  /**
   * The search index's pieces go to KV, not the static assets (`npm start`: an edit then changes
   * no file wrangler dev watches, and writes only the pieces that changed).
   */
  searchInKv?: boolean;
  /**
   * Keep what a one-page rebuild needs in memory (`BuildResult.state`, see compiler/incremental/):
   * `npm start` redoes an edited page from it without reading the others.
   */
  keepState?: boolean;
  /** Bytes of postings and records the search writer holds before it spills to disk (`spillBudget` by default). */
  searchSpillBudget?: number;
  /**
   * `npm start`'s first build, served before its pages are compiled: called with the build under
   * way before any page compiles; the function it returns is given the early build
   * (outputs/early-build.ts) once that is written, beside the compile. The images a page references
   * are copied into the client's files as it is stored.
   */
  serveEarly?: (live: LiveBuild) => (early: EarlyBuild) => void;
  /**
   * Pages asked for while the build compiles: compiled ahead of the queue (compile-site.ts: every
   * step starts at once, and does only the pages asked for before its turn).
   */
  priority?: CompilePriority;
}

export interface BuildResult {
  buildId: string;
  manifest: Manifest;
  /** Every page, in the order of `docs` (discovery order), without its tree. */
  pages: PageSummary[];
  warnings: BuildError[];
  /** The folder the docs were read from (Docusaurus's `docs.path` may lie outside the site folder). */
  docsDir: string;
  /** Pages that failed to build (only with `tolerateBrokenPages`; otherwise the build throws). */
  broken: BrokenPageReport[];
  /** Where each route leads (pages by content hash, redirects). */
  routeTargets: Map<string, RouteTarget>;
  kv: { files: number; keys: number; largest: { key: string; bytes: number } };
  /** Pages taken from the compile cache (`cacheDir`) instead of compiled. */
  pagesFromCache: number;
  /** With `keepState`: what the next one-page rebuild starts from (`discardState` once it is not). */
  state?: BuildState;
}

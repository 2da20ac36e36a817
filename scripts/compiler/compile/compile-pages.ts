// Step "compile": every page's MDX to its element tree and TOC. Pages are compiled in batches,
// spread over one thread a core on large sites, and handed to the caller as each batch is done,
// so no more than a few batches of compiled pages are held at once whatever the site's size.

import { availableParallelism } from 'node:os';
import type { PageHead, TocItem, TreeNode } from '../../../client/contract/page.ts';
import type { BatchEntry } from './batch.ts';
import type { BatchResult } from './thread-messages.ts';
import { portableSitePlugins } from './markdown/site-plugins.ts';
import { inProcessCompiler, startCompileThreads, type BatchCompiler, type CompileThreadPool } from './threads.ts';
import type { BuildError } from '../errors.ts';
import { isolateBroken, reportProblems } from './batch-problems.ts';
import type { SourceDoc } from '../sources/discover.ts';
import type { LinkContext } from './link-context.ts';
import type { DocPagePlace } from './doc-page.ts';
import type { PreparedPage } from '../outputs/prepared-page.ts';
import { Turn, type CompilePriority } from './priority.ts';

export interface CompiledDoc {
  doc: SourceDoc;
  tree: TreeNode[];
  toc: TocItem[];
  /** Taken from the compile cache rather than compiled. */
  fromCache: boolean;
  /** What the page's `<Head>` sets. */
  head?: PageHead;
  /** The page ready to store (with `placeOf`); `tree` and `toc` are then empty. */
  prepared?: PreparedPage;
}

export interface CompileOptions {
  /**
   * Worker threads to compile in; 0 compiles in this thread. Default: SELF_BUILD_THREADS when
   * set, else one a core for sites of `pagesForThreads` pages or more.
   */
  threads?: number;
  /** Threads started before the docs were read (the build's): used instead, and left running. */
  pool?: CompileThreadPool;
  /**
   * The dev server's way: a page that fails (to compile, to render, or with a broken link or image
   * the policy makes an error) is handed here with its problems instead of failing the build, and
   * a batch whose esbuild run failed as a whole is compiled again page by page, so that only the
   * broken pages are missing.
   */
  onBroken?: (doc: SourceDoc, index: number, problems: BuildError[]) => void | Promise<void>;
  /**
   * Empties each doc's `raw` once its page is handed on: a site's sources (about 700 MB at
   * 100,000 pages) are then not all held until the build ends. For docs nothing reads again.
   */
  releaseSources?: boolean;
  /**
   * Each doc's page's place, asked as its batch is sent: the page then comes back ready to store
   * (`CompiledDoc.prepared`), made where it compiled, and only the batches under way hold places.
   */
  placeOf?: (doc: SourceDoc) => DocPagePlace;
  /** Pages asked for while the site compiles (`npm start`): each goes ahead of the queue. */
  priority?: CompilePriority;
  /**
   * When the queue may start (`npm start`: once the steps of the build before this one are done).
   * Until then only pages asked for (`priority`) are compiled, on this thread: the threads are the
   * step's whose turn it is. Default: at once.
   */
  turn?: Promise<void>;
  /** The files a batch's pages reference, heard before its pages are handed on (`npm start` serves them early). */
  onMedia?: (media: BatchResult['media']) => Promise<void>;
}

/** Below this, starting threads (about a second each) costs more than sharing the work saves. */
const pagesForThreads = 200;
/** Pages a batch at most: one esbuild run each, and the unit of work a thread takes. */
const maxBatchPages = 100;

/**
 * Compiles `docs` and calls `onDoc` with each compiled page, in any order (`index` is its place in
 * `docs`), one call at a time, waiting for it. Link problems go to `context.diagnostics` and
 * referenced images to `context.media`, in the order of `docs`. Pages that fail to compile are
 * reported together at the end: the one BuildError, or BuildErrors; with `options.onBroken`, each
 * broken page goes there instead, with its link problems, and nothing is thrown for it.
 */
export async function compileDocs(
  docs: SourceDoc[],
  context: LinkContext,
  onDoc: (compiled: CompiledDoc, index: number) => void | Promise<void>,
  options: CompileOptions = {},
): Promise<void> {
  // Each batch's problems and images, kept (without its pages) to be added in the order of `docs`.
  const leftovers: Omit<BatchResult, 'pages'>[] = [];
  let batches: BatchEntry[][] = [];
  let nextBatch = 0;
  let failure: { error: unknown } | undefined;
  let delivery = Promise.resolve();

  const deliver = (result: BatchResult, broken: Map<number, BuildError[]>) => {
    const delivered = delivery.then(async () => {
      if (options.onMedia && result.media.length > 0) await options.onMedia(result.media);
      for (const { index, tree, toc, fromCache, head, prepared } of result.pages) {
        if (failure) return;
        const compiled = {
          doc: docs[index]!,
          tree,
          toc,
          fromCache: fromCache === true,
          ...(head ? { head } : {}),
          ...(prepared ? { prepared } : {}),
        };
        if (!broken.has(index)) await onDoc(compiled, index);
        if (options.releaseSources) docs[index]!.raw = '';
      }
      for (const [index, problems] of broken) {
        if (failure) return;
        await options.onBroken!(docs[index]!, index, problems);
        if (options.releaseSources) docs[index]!.raw = '';
      }
    });
    delivery = delivered.catch(() => undefined);
    return delivered;
  };

  // Pages asked for go first, in batches of their own; the batches they came from leave them out.
  const { priority, turn } = options;
  const ours = new Turn(turn);
  const indexOf = priority ? new Map(docs.map((doc, index) => [doc.route, index])) : undefined;
  const sent = new Uint8Array(docs.length);
  const urgentLeftovers: Omit<BatchResult, 'pages'>[] = [];
  type Picked = { batch?: number; entries: BatchEntry[] };
  const pick = (beforeTurn: boolean): Picked | 'wait' | undefined => {
    const urgent = priority && indexOf ? priority.take(indexOf, sent) : [];
    if (urgent.length > 0) return { entries: urgent.map((index) => ({ index, doc: docs[index]! })) };
    if (beforeTurn) return ours.came ? undefined : 'wait';
    if (priority?.isHeld && nextBatch < batches.length) return 'wait';
    while (nextBatch < batches.length) {
      const batch = nextBatch++;
      const entries = batches[batch]!.filter(({ index }) => !sent[index]);
      if (entries.length > 0) return { batch, entries };
    }
    return undefined;
  };
  type Running = Picked & { result: BatchResult };

  // A compiler is given its next batches (up to its depth) before the last one's pages are handed
  // over, so a thread never waits for this one: at most depth + 1 batches per compiler are held.
  const drive = async (compiler: BatchCompiler, beforeTurn = false) => {
    const start = (): Promise<Running | undefined> | undefined => {
      if (failure) return undefined;
      const picked = pick(beforeTurn);
      const changed = () => (beforeTurn ? ours.next(priority!) : priority!.changed());
      if (picked === 'wait') return changed().then(() => start());
      if (!picked) return undefined;
      for (const { index } of picked.entries) sent[index] = 1;
      const { placeOf } = options;
      const entries = placeOf
        ? picked.entries.map((entry) => ({ ...entry, place: placeOf(entry.doc) }))
        : picked.entries;
      const running = compiler.compile(entries).then((result) => ({ ...picked, result }));
      running.catch(() => undefined);
      return running;
    };
    const under = [start()];
    while (under.length < compiler.depth && under.at(-1)) under.push(start());
    for (let running = under.shift(); running; running = under.shift()) {
      const compiled = await running;
      if (!compiled) continue;
      // A broken batch is compiled again page by page, after the batch already under way.
      const { result, broken } = options.onBroken
        ? await isolateBroken(compiler, compiled.entries, compiled.result)
        : { result: compiled.result, broken: new Map<number, BuildError[]>() };
      under.push(start());
      await deliver(result, broken);
      const leftover = { errors: result.errors, diagnostics: result.diagnostics, media: result.media };
      if (compiled.batch === undefined) urgentLeftovers.push(leftover);
      else leftovers[compiled.batch] = leftover;
    }
  };

  const failed = (error: unknown) => {
    failure ??= { error };
  };
  const throwFailure = () => {
    if (failure) throw failure.error;
  };
  // Before its turn, pages asked for are compiled one batch at a time on this thread.
  if (turn && priority) await drive(inProcessCompiler(context), true).catch(failed);
  throwFailure();
  await ours.done;
  // A site plugin a thread cannot load (a function of the config's own) keeps pages on this thread.
  const portable = portableSitePlugins(context.sitePlugins);
  const threads = portable ? Math.max(0, options.threads ?? defaultThreads(docs.length)) : 0;
  const pooled = portable ? options.pool?.compilers(context) : undefined;
  batches = batchesOf(docs, pooled?.length ?? Math.max(1, threads));
  const compilers =
    pooled ??
    (threads > 0 ? startCompileThreads(Math.min(threads, batches.length), context) : [inProcessCompiler(context)]);
  try {
    await Promise.all(compilers.map((compiler) => drive(compiler).catch(failed)));
  } finally {
    if (!pooled) await Promise.all(compilers.map((compiler) => compiler.close()));
  }
  throwFailure();
  reportProblems(docs, context, [...leftovers, ...urgentLeftovers]);
}

/** Threads a site of `pages` pages is compiled in: SELF_BUILD_THREADS, else one a core for a large site. */
export function defaultThreads(pages: number): number {
  const fromEnv = process.env.SELF_BUILD_THREADS;
  if (fromEnv !== undefined && /^\d+$/.test(fromEnv)) return Number(fromEnv);
  const cores = availableParallelism();
  return pages >= pagesForThreads && cores > 1 ? cores : 0;
}

/** Consecutive slices of `docs`, several per compiler so that the threads finish close together. */
function batchesOf(docs: SourceDoc[], compilers: number): BatchEntry[][] {
  const size = Math.min(maxBatchPages, Math.max(1, Math.ceil(docs.length / (compilers * 4))));
  const batches: BatchEntry[][] = [];
  for (let start = 0; start < docs.length; start += size) {
    batches.push(docs.slice(start, start + size).map((doc, offset) => ({ index: start + offset, doc })));
  }
  return batches;
}

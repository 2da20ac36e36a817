// Where batches are compiled: in worker threads, one a core, or in the build's own thread.
// Both answer with the same BatchResult, so compile-pages.ts schedules them alike.

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { compileBatch, type BatchEntry } from './batch.ts';
import { noteLanguagesLoaded } from './code/highlighter.ts';
import { noteDocsDataRead } from './build-page-globals.ts';
import {
  batchCards,
  buildErrorFrom,
  linkContextData,
  type BatchCards,
  type BatchResult,
  type ThreadReply,
  type ThreadRequest,
} from './thread-messages.ts';
import { newDiagnostics } from '../errors.ts';
import { preparedPages } from './prepare-pages.ts';
import type { LinkContext } from './link-context.ts';

export interface BatchCompiler {
  /**
   * Batches it takes before answering the first: a thread gets its next batch while the build
   * is still storing the last one's pages, so it never waits for the build's own thread.
   */
  readonly depth: number;
  /** Batches are compiled in the order asked, `depth` at most under way. */
  compile(entries: BatchEntry[]): Promise<BatchResult>;
  close(): Promise<void>;
}

/** Compiles in this thread, with a fresh media map and diagnostics for each batch. */
export function inProcessCompiler(context: LinkContext): BatchCompiler {
  return {
    depth: 1,
    async compile(entries) {
      const batchContext = { ...context, media: new Map<string, string>(), diagnostics: newDiagnostics() };
      const outcome = await compileBatch(entries, batchContext);
      return {
        ...outcome,
        pages: preparedPages(entries, outcome.pages),
        diagnostics: batchContext.diagnostics,
        media: [...batchContext.media],
      };
    },
    async close() {},
  };
}

/**
 * Threads run the TypeScript sources as the build does: each registers tsx itself (a worker
 * inherits no module hooks on Node 20), so this works under `tsx` and under vitest alike.
 */
function threadBootstrap(): string {
  const tsx = JSON.stringify(tsxApiUrl());
  const entry = JSON.stringify(new URL('./thread-main.ts', import.meta.url).href);
  return `import(${tsx}).then(({ register }) => { register(); return import(${entry}); });`;
}

/**
 * tsx's ES-module API, found through its package.json: `import.meta.resolve` would be shorter,
 * but vitest's module runner (the worker tests' global setup builds sites) does not support it.
 */
function tsxApiUrl(): string {
  const manifest = createRequire(import.meta.url).resolve('tsx/package.json');
  const { exports } = JSON.parse(readFileSync(manifest, 'utf8')) as {
    exports: Record<string, { import: { default: string } }>;
  };
  return pathToFileURL(join(dirname(manifest), exports['./esm/api']!.import.default)).href;
}

/** Compile threads started ahead of the work: each takes about two seconds of CPU to load. */
export interface CompileThreadPool {
  /** The threads, compiling with `context` from now on (one docs version after another). */
  compilers(context: LinkContext): BatchCompiler[];
  close(): Promise<void>;
}

export function startCompileThreadPool(count: number): CompileThreadPool {
  const bootstrap = threadBootstrap();
  // Compiling allocates many short-lived syntax trees: a young generation larger than V8's default
  // collects them less often, for less CPU at a little more memory. A build started
  // with v8-flags.ts (npm run build) has its --max-semi-space-size, which outranks this.
  const resourceLimits = { maxYoungGenerationSizeMb: 96 };
  const workers = Array.from(
    { length: count },
    () => new Worker(bootstrap, { eval: true, execArgv: [], resourceLimits }),
  );
  // The batches' category cards come from the context the threads compile with now.
  let current: LinkContext | undefined;
  const compilers = workers.map((worker) =>
    threadCompiler(worker, (entries) => current && batchCards(current, entries)),
  );
  return {
    compilers(context) {
      current = context;
      const data = linkContextData(context);
      for (const worker of workers) worker.postMessage({ type: 'context', context: data } satisfies ThreadRequest);
      return compilers;
    },
    async close() {
      await Promise.all(compilers.map((compiler) => compiler.close()));
    },
  };
}

export function startCompileThreads(count: number, context: LinkContext): BatchCompiler[] {
  return startCompileThreadPool(count).compilers(context);
}

/** Batches a thread holds at once: the one it compiles and the next. */
const threadDepth = 2;

function threadCompiler(worker: Worker, cardsOf: (entries: BatchEntry[]) => BatchCards | undefined): BatchCompiler {
  const pending = new Map<number, { resolve: (result: BatchResult) => void; reject: (error: Error) => void }>();
  let requests = 0;
  let failure: Error | undefined;
  const fail = (error: Error) => {
    failure ??= error;
    for (const { reject } of pending.values()) reject(failure);
    pending.clear();
  };
  worker.on('error', fail);
  worker.on('exit', (code) => fail(new Error(`a compile thread stopped (exit code ${code})`)));
  worker.on('message', (reply: ThreadReply) => {
    const waiting = pending.get(reply.request);
    if (!waiting) return;
    pending.delete(reply.request);
    if (reply.type === 'crashed') {
      waiting.reject(new Error(`a compile thread failed: ${reply.stack}`));
      return;
    }
    // So that `npm start` warms them on this thread too, for the edits it compiles here.
    noteLanguagesLoaded(reply.languages);
    if (reply.readDocsData) noteDocsDataRead();
    waiting.resolve({
      pages: reply.pages,
      errors: reply.errors.map(buildErrorFrom),
      diagnostics: { errors: reply.linkErrors.map(buildErrorFrom), warnings: reply.warnings.map(buildErrorFrom) },
      media: reply.media,
    });
  });
  const send = (request: ThreadRequest) => worker.postMessage(request);

  return {
    depth: threadDepth,
    compile(entries) {
      if (failure) return Promise.reject(failure);
      if (pending.size >= threadDepth)
        return Promise.reject(new Error(`a compile thread takes ${threadDepth} batches at most`));
      const request = requests++;
      return new Promise((resolve, reject) => {
        pending.set(request, { resolve, reject });
        const cards = cardsOf(entries);
        send({ type: 'compile', request, entries, ...(cards ? { cards } : {}) });
      });
    },
    async close() {
      if (failure) return;
      const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
      failure = new Error('the compile thread was closed');
      // A thread still compiling (the build is failing) is stopped; an idle one stops its esbuild first.
      if (pending.size > 0) await worker.terminate();
      else send({ type: 'close' });
      await exited;
    },
  };
}

// Where batches are compiled: in worker threads, one a core, or in the build's own thread.
// Both answer with the same BatchResult, so compile.ts schedules them alike.

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { compileBatch, type BatchEntry } from './compile-batch.ts';
import {
  buildErrorFrom,
  linkContextData,
  type BatchResult,
  type ThreadReply,
  type ThreadRequest,
} from './compile-messages.ts';
import { newDiagnostics } from './errors.ts';
import type { LinkContext } from './mdx-plugins.ts';

export interface BatchCompiler {
  /** One batch at a time: the next call waits for this one's answer. */
  compile(batch: number, entries: BatchEntry[]): Promise<BatchResult>;
  close(): Promise<void>;
}

/** Compiles in this thread, with a fresh media map and diagnostics for each batch. */
export function inProcessCompiler(context: LinkContext): BatchCompiler {
  return {
    async compile(_batch, entries) {
      const batchContext = { ...context, media: new Map<string, string>(), diagnostics: newDiagnostics() };
      const outcome = await compileBatch(entries, batchContext);
      return { ...outcome, diagnostics: batchContext.diagnostics, media: [...batchContext.media] };
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
  const entry = JSON.stringify(new URL('./compile-worker.ts', import.meta.url).href);
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

export function startCompileThreads(count: number, context: LinkContext): BatchCompiler[] {
  const bootstrap = threadBootstrap();
  const workerData = linkContextData(context);
  // Compiling allocates many short-lived syntax trees: a young generation larger than V8's default
  // collects them less often (about 15% less CPU over 1,000 pages, for some 50 MB).
  const resourceLimits = { maxYoungGenerationSizeMb: 96 };
  return Array.from({ length: count }, () =>
    threadCompiler(new Worker(bootstrap, { eval: true, execArgv: [], workerData, resourceLimits })),
  );
}

function threadCompiler(worker: Worker): BatchCompiler {
  let pending: { batch: number; resolve: (result: BatchResult) => void; reject: (error: Error) => void } | undefined;
  let failure: Error | undefined;
  const fail = (error: Error) => {
    failure ??= error;
    pending?.reject(failure);
    pending = undefined;
  };
  worker.on('error', fail);
  worker.on('exit', (code) => fail(new Error(`a compile thread stopped (exit code ${code})`)));
  worker.on('message', (reply: ThreadReply) => {
    if (!pending || reply.batch !== pending.batch) return;
    const { resolve, reject } = pending;
    pending = undefined;
    if (reply.type === 'crashed') {
      reject(new Error(`a compile thread failed: ${reply.stack}`));
      return;
    }
    resolve({
      pages: reply.pages,
      errors: reply.errors.map(buildErrorFrom),
      diagnostics: { errors: reply.linkErrors.map(buildErrorFrom), warnings: reply.warnings.map(buildErrorFrom) },
      media: reply.media,
    });
  });
  const send = (request: ThreadRequest) => worker.postMessage(request);

  return {
    compile(batch, entries) {
      if (failure) return Promise.reject(failure);
      if (pending) return Promise.reject(new Error('a compile thread takes one batch at a time'));
      return new Promise((resolve, reject) => {
        pending = { batch, resolve, reject };
        send({ type: 'compile', batch, entries });
      });
    },
    async close() {
      if (failure) return;
      const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
      failure = new Error('the compile thread was closed');
      // A thread still compiling (the build is failing) is stopped; an idle one stops its esbuild first.
      if (pending) await worker.terminate();
      else send({ type: 'close' });
      await exited;
    },
  };
}

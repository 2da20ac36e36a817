// A compile thread: compiles the batches the build sends it, in order, and sends back each
// batch's pages with the problems and images it found. Started by threads.ts.

import { parentPort } from 'node:worker_threads';
import * as esbuild from 'esbuild';
import { compileBatch } from './batch.ts';
import { linkContextFrom, problemData, type ThreadReply, type ThreadRequest } from './thread-messages.ts';
import { newDiagnostics } from '../errors.ts';
import { preparedPages } from './prepare-pages.ts';
import { codeHighlighting, languagesLoadedLater } from './code/highlighter.ts';
import { docsDataReadCount } from './build-page-globals.ts';
import type { LinkContext } from './link-context.ts';

const port = parentPort!;
let base: LinkContext | undefined;
// The highlighter loads its grammars while the build is still reading the docs; a failure shows
// when the first batch waits for it.
codeHighlighting().catch(() => undefined);

// The build sends the next batch before this one is done, so that the thread never waits for the
// build's own thread to take a reply: requests are handled one after another, in order.
let queue = Promise.resolve();
port.on('message', (request: ThreadRequest) => {
  queue = queue.then(() => handle(request));
});

async function handle(request: ThreadRequest): Promise<void> {
  if (request.type === 'context') {
    base = linkContextFrom(request.context);
    return;
  }
  if (request.type === 'close') {
    // esbuild's service process belongs to this thread: stop it so nothing outlives the build.
    await esbuild.stop();
    // In a worker, this ends the thread only; module hooks tsx registered would keep it alive.
    process.exit(0);
  }
  let reply: ThreadReply;
  try {
    if (!base) throw new Error('a compile thread was sent a batch before its context');
    const context = {
      ...base,
      media: new Map<string, string>(),
      diagnostics: newDiagnostics(),
      ...(request.cards ? { docCards: request.cards } : {}),
    };
    const reads = docsDataReadCount();
    const outcome = await compileBatch(request.entries, context);
    reply = {
      type: 'compiled',
      request: request.request,
      pages: preparedPages(request.entries, outcome.pages),
      errors: outcome.errors.map(problemData),
      warnings: context.diagnostics.warnings.map(problemData),
      linkErrors: context.diagnostics.errors.map(problemData),
      media: [...context.media],
      languages: languagesLoadedLater(),
      readDocsData: docsDataReadCount() > reads,
    };
  } catch (error) {
    const stack = error instanceof Error ? (error.stack ?? error.message) : String(error);
    reply = { type: 'crashed', request: request.request, stack };
  }
  port.postMessage(reply);
}

// The arguments of `npx tsx <the build's V8 flags> scripts/dev.ts` (what `npm start` runs) for a site
// served from its own folders: the tests and the live-reload bench start it on a copy, with its build,
// local state and (when given) compile cache beside it, so nothing is left in the repository's folders.

import { join } from 'node:path';
import { buildV8Flags } from '../compiler/v8-flags.ts';

/** `npm start -- --content <content>`, its build in `<work>/dist` and state in `<work>/state`. */
export function npmStartArgs(content: string, work: string, options: { cache?: string } = {}): string[] {
  const cache = options.cache === undefined ? [] : ['--cache', options.cache];
  // Node with tsx's loader, as package.json's `start` runs it (not tsx's command line: see cli/interrupt.ts).
  return [
    'node',
    '--import',
    'tsx',
    ...buildV8Flags,
    'scripts/dev.ts',
    '--content',
    content,
    '--out',
    join(work, 'dist'),
    '--persist',
    join(work, 'state'),
    ...cache,
  ];
}

/**
 * npm start's line once it serves the whole build (scripts/dev.ts): `every page is built` after an
 * early build, or its address alone (to the line's end: an early build's line goes on to say how
 * many pages are built, and output may arrive cut anywhere).
 */
export const wholeBuildServed = /^SELF Docs: (?:every page is built|http:\/\/\S+\n)/m;

/**
 * Whether npm start, whose output `output()` gives (a tail of it), serves its whole build: once seen,
 * always (the line may leave a bounded tail later). Browser tests start only then: a tab open on
 * the early build reloads when the whole build is served, and a click made meanwhile is lost.
 */
export function servesWholeBuild(output: () => string): () => boolean {
  let seen = false;
  return () => (seen ||= wholeBuildServed.test(output()));
}

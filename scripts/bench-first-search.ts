// `npm run bench:first-search -- <kept folder> <worktree>… [--samples N] [--query Q] [--services-up]
// [--port P] [--profile DIR]`:
// the first search on a cold isolate, several worktrees' workers taking turns on fresh workerds
// over one kept build; see scripts/bench/first-search-ab.ts.

import { firstSearchAb, firstSearchAbOptions } from './bench/first-search-ab.ts';

try {
  await firstSearchAb(firstSearchAbOptions(process.argv.slice(2)));
  process.exit(0);
} catch (error) {
  console.error(`first-search bench failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}

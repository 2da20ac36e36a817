// `npm run bench:scale [-- --pages 41,200,1000,10000] [--seed S] [--out DIR] [--keep]`
// (or `npm run bench -- --pages …`): how build, KV, pages and search scale with the site's size
// (issue #9). Writes <out>/bench/scale.json and prints a table; see scripts/bench/scale.ts.

import { benchScale, scaleOptions } from './bench/scale.ts';

try {
  await benchScale(scaleOptions(process.argv.slice(2)));
} catch (error) {
  console.error(`\nscale bench failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
// Every server it started is stopped; do not wait on handles a library keeps.
process.exit(0);

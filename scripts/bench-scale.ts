// `npm run bench:scale [-- --pages 41,200,1000,10000] [--seed S] [--out DIR] [--build-timeout S] [--keep]`
// `npm run bench:scale -- --search-only <kept folder> [--runs N]`: search figures again on a kept build.
// (or `npm run bench -- --pages …`): how build, KV, pages and search scale with the site's size.
// Writes <out>/bench/scale.json and prints a table; see scripts/bench/scale.ts.

import { runScaleBench } from './bench/scale.ts';

await runScaleBench(process.argv.slice(2));

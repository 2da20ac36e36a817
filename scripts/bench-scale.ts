// `npm run bench:scale [-- --pages 41,200,1000,10000] [--seed S] [--out DIR] [--build-timeout S] [--keep]`
// `npm run bench:scale -- --search-only <kept folder> [--runs N]`: search figures again on a kept build.
// `npm run bench:scale -- --shapes all|flat,deep,… [--pages 200,10000]`: the same site sizes in each
// shape of sidebar (scripts/bench/scale-shapes.ts).
// (or `npm run bench -- --pages …`): how build, KV, pages and search scale with the site's size.
// Writes <out>/bench/scale.json and prints a table; see scripts/bench/scale.ts.

import { runScaleBench } from './bench/scale.ts';
import { runShapeBench } from './bench/scale-shapes.ts';

const argv = process.argv.slice(2);
await (argv.includes('--shapes') ? runShapeBench(argv) : runScaleBench(argv));

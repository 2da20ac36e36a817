// `npm run bench:search [-- <site folder>…] [--verbose]`: search quality on real documentation,
// ours beside VitePress's local search and Pagefind; see scripts/bench/search-quality/run.ts.

import { runSearchBench } from './bench/search-quality/run.ts';

await runSearchBench(process.argv.slice(2));

// `npm run build [-- --content DIR] [-- --out DIR] [-- --timings] [-- --cache DIR | --no-cache]`: content
// folder → dist/. Pages unchanged since the last build come from the compile cache
// (scripts/compiler/compile/cache.ts).
// `--timings` (or SELF_BUILD_TIMINGS=1) prints each phase's wall and CPU seconds.
// Progress: a live line per phase on a terminal, one line per finished phase otherwise (cli/progress.ts).

import { performance } from 'node:perf_hooks';
import { BuildError, BuildErrors } from './compiler/errors.ts';
import { formatTimings, phaseTimer } from './compiler/phase-timings.ts';
import { parseArgs, sharedUsage } from './cli/args.ts';
import { progressFor } from './cli/progress.ts';

const args = parseArgs(process.argv.slice(2), {
  usage: `npm run build [-- options]: builds the site folder into the output folder\n\n${sharedUsage}\n  --timings       print each phase's wall and CPU seconds`,
  switches: ['--timings'],
});
const timer = process.argv.includes('--timings') || process.env.SELF_BUILD_TIMINGS === '1' ? phaseTimer() : undefined;
const started = performance.now();
try {
  // Loaded once the arguments are read: `--help` and a refused option answer without the compiler.
  const { runBuild } = await import('./compiler/pipeline.ts');
  const result = await runBuild({
    siteDir: args.content,
    outDir: args.out,
    timer,
    cacheDir: args.cache,
    progress: progressFor(),
  });
  for (const warning of result.warnings) console.warn(`warning: ${warning.message}`);
  const seconds = ((performance.now() - started) / 1000).toFixed(2);
  const cached = result.pagesFromCache > 0 ? ` (${result.pagesFromCache} unchanged, from the compile cache)` : '';
  console.log(
    `built ${result.pages.length} pages${cached} as build ${result.buildId} into ${args.out} in ${seconds} s`,
  );
  if (timer) console.log(formatTimings(timer.finish()));
} catch (error) {
  if (error instanceof BuildError || error instanceof BuildErrors) {
    console.error(`build failed:\n${error.message}`);
    process.exit(1);
  }
  throw error;
}

// The scale bench: for each site size, the whole pipeline — generate (or copy the SELF
// content), build as a child process with its memory sampled, read what it hands to KV, deploy
// it locally, serve it on a fresh workerd and search it cold and warm, then change one page,
// rebuild and count what the redeploy writes. A step that fails or times out is recorded and
// the bench goes on; results are written after every size, so a slow size leaves the others.

import { existsSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { SearchRef } from '../../client/contract/storage.ts';
import type { SidebarItem } from '../../client/contract/sidebar.ts';
import { progressFor, type ProgressReporter } from '../cli/progress.ts';
import { buildV8Flags } from '../compiler/v8-flags.ts';
import { bundleWorker } from '../local/workerd.ts';
import { benchSteps } from './bench-step.ts';
import { generateCorpus } from './corpus.ts';
import { writeReportBeside } from './report/build-report.ts';
import { countedLocalDeploy } from './counted-deploy.ts';
import { largestSearchAsset, pagesToMeasure, readKvOutput, staticAssets } from './kv-output.ts';
import { runMeasured, untilQuiet } from './process-tree.ts';
import { printScaleTable, type SizeResult } from './scale-table.ts';
import { searchFiguresIn, type SearchFigures, type SearchLayout } from './scale-search.ts';
import { measureSearchHeap, searchMemoryText } from './search-heap.ts';
import { queryStream, siteWords } from './search-queries.ts';
import { rerunSearch } from './search-rerun.ts';
import { timeToServe } from './start-time.ts';

/** `self` (or 41) is the SELF site's own content; a number is a generated corpus of that many pages. */
export type SiteSize = 'self' | number;

export interface ScaleOptions {
  sizes: SiteSize[];
  seed: number;
  /** Results go to `<out>/bench/scale.json`. */
  out: string;
  port: number;
  /** Where the `npm start` step serves. */
  startPort: number;
  warmSeconds: number;
  /** Longest a build may take, in seconds; by default 180 s plus half a second a page. */
  buildTimeout?: number;
  keep: boolean;
  /** Only search again, on the build a `--keep` run left in this folder (see search-rerun.ts). */
  searchOnly?: string;
  /** Fresh workerds `searchOnly` measures, for medians. */
  runs: number;
  /** Told each step of each size as it starts. */
  progress?: ProgressReporter;
}

const projectRoot = process.cwd();

export async function benchScale(options: ScaleOptions): Promise<SizeResult[]> {
  const results: SizeResult[] = [];
  const resultFile = join(options.out, 'bench', 'scale.json');
  await mkdir(join(options.out, 'bench'), { recursive: true });
  let report: string | undefined;
  for (const size of options.sizes) {
    console.log(`\n== ${size === 'self' ? 'SELF content' : `${size} generated pages`}`);
    results.push(await benchSize(size, options));
    const machine = { cpus: cpus().length, node: process.version, date: new Date().toISOString() };
    const scale = { seed: options.seed, machine, sizes: results };
    await writeFile(resultFile, `${JSON.stringify(scale, null, 2)}\n`);
    // Beside the page figures of `npm run bench`, under `scale`.
    const all = join(options.out, 'bench', 'results.json');
    const earlier = existsSync(all) ? (JSON.parse(await readFile(all, 'utf8')) as Record<string, unknown>) : {};
    await writeFile(all, `${JSON.stringify({ ...earlier, scale }, null, 2)}\n`);
    report = await writeReportBeside(resultFile);
  }
  printScaleTable(results);
  console.log(`\nwritten ${resultFile}${report ? ` and its report, ${report}` : ''}`);
  return results;
}

async function benchSize(size: SiteSize, options: ScaleOptions): Promise<SizeResult> {
  const result: SizeResult = { size: String(size), errors: [] };
  const work = await mkdtemp(join(tmpdir(), `self-docs-scale-${size}-`));
  const siteDir = join(work, 'site');
  const outDir = join(work, 'out');
  const persist = join(work, 'state');
  // Empty for the first build (a cold one); the redeploy's rebuild finds the pages it kept.
  const cacheDir = join(work, 'compile-cache');
  const loadStart = loadavg()[0]!;
  const step = benchSteps(result.errors, (name) =>
    options.progress?.phase(`${size === 'self' ? 'SELF content' : `${size} pages`}: ${name}`),
  );
  try {
    const buildTimeout = options.buildTimeout ?? 180 + (size === 'self' ? 41 : size) * 0.5;
    const prepared = await step('prepare the site', async () => {
      result.markdownBytes = await prepareSite(size, siteDir, options.seed);
    });
    const built =
      prepared &&
      (await step('build', async () => {
        result.build = await measuredBuild(siteDir, outDir, buildTimeout, cacheDir);
        console.log(
          `  built in ${result.build.seconds.toFixed(1)} s, peak ${(result.build.peakRssBytes / 2 ** 20).toFixed(0)} MB`,
        );
      }));
    if (!built) return result;
    let sidebars: Record<string, SidebarItem[]> | undefined;
    let searchRef: SearchRef | undefined;
    await step('read the KV output', async () => {
      const { sidebars: found, search, ...kv } = await readKvOutput(outDir);
      result.kv = kv;
      sidebars = found;
      searchRef = search;
      result.searchAsset = (await largestSearchAsset(outDir)) ?? null;
      result.staticAssets = await staticAssets(outDir);
      console.log(`  ${result.staticAssets.files} static files, KV ${kv.entries} keys`);
      result.pages = (await docFiles(siteDir)).length;
    });
    const deployed = await step('first local deploy', async () => {
      result.firstDeploy = await countedLocalDeploy(outDir, persist);
      console.log(`  first deploy wrote ${result.firstDeploy.keysWritten} keys`);
    });
    if (deployed) {
      await step('serve and search', async () => {
        // Measured on a quiet machine: right after a big build and deploy, the first search is
        // much slower than on the same build a few minutes later.
        result.quietWaitSeconds = await untilQuiet();
        console.log(`  waited ${result.quietWaitSeconds} s for a quiet machine`);
        const words = await siteWords(siteDir);
        const measured = await serveAndMeasure(
          outDir,
          persist,
          options,
          () => queryStream(words, options.seed),
          sidebars,
        );
        result.search = measured.search;
        result.searchViaMiniflare = measured.searchViaMiniflare;
        result.html = measured.html;
        for (const [how, { coldFirstMs, servicesUp, warm }] of [
          ['straight on workerd', measured.search],
          ["through Miniflare's assets service", measured.searchViaMiniflare],
        ] as const)
          console.log(
            `  ${how}: first search ${coldFirstMs} ms (${servicesUp?.ms} ms with the platform's services up), ` +
              `warm p50 ${warm.p50} ms`,
          );
      });
      await step('search heap in Node', async () => {
        if (!searchRef) throw new Error('the build has no search index');
        result.searchHeap = await measureSearchHeap(outDir, siteDir, searchRef, 300, options.seed);
        console.log(
          `  search memory ${searchMemoryText(result.searchHeap)} after 300 searches ` +
            `(cache counts ${(result.searchHeap.cacheCountedBytes / 2 ** 20).toFixed(1)} MiB)`,
        );
      });
      await step('redeploy one changed page', async () => {
        const changedFile = await changeOnePage(siteDir);
        const outAgain = join(work, 'out-again');
        const rebuild = await measuredBuild(siteDir, outAgain, buildTimeout, cacheDir);
        const count = await countedLocalDeploy(outAgain, persist);
        result.redeploy = { ...count, changedFile, rebuildSeconds: rebuild.seconds };
        console.log(`  redeploy after changing ${changedFile} wrote ${count.keysWritten} keys`);
      });
    }
    await step('npm start', async () => {
      const { small, deepest } = sidebars ? pagesToMeasure(sidebars) : {};
      const route = small ?? deepest ?? '/';
      result.start = await timeToServe(siteDir, work, options.startPort, route, buildTimeout);
      console.log(`  npm start served ${route} after ${result.start.seconds} s`);
    });
    return result;
  } finally {
    result.load = { start: loadStart, end: loadavg()[0]! };
    options.progress?.end();
    if (options.keep) console.log(`  kept ${work}`);
    else await rm(work, { recursive: true, force: true });
  }
}

/** Writes the site to measure into `siteDir`; returns its Markdown bytes. */
async function prepareSite(size: SiteSize, siteDir: string, seed: number): Promise<number> {
  if (size !== 'self') return (await generateCorpus(siteDir, { pages: size, seed })).markdownBytes;
  // A copy, so the redeploy can change a page. Its config imports the project by relative path or
  // by the package's own name, which resolve only inside the project: both become absolute paths.
  await cp(join(projectRoot, 'content'), siteDir, { recursive: true });
  const configModule = join(projectRoot, 'scripts', 'compiler', 'config', 'define-site-config.ts');
  for (const name of ['site.config.ts', 'sidebars.ts']) {
    const file = join(siteDir, name);
    const text = await readFile(file, 'utf8').catch(() => undefined);
    if (text === undefined) continue;
    const absolute = text
      .replaceAll("from '../", `from '${projectRoot}/`)
      .replaceAll("from 'self-docs/config'", `from '${configModule}'`);
    await writeFile(file, absolute);
  }
  let bytes = 0;
  for (const file of await docFiles(siteDir)) bytes += (await readFile(file)).length;
  return bytes;
}

export async function measuredBuild(siteDir: string, outDir: string, timeoutSeconds: number, cacheDir: string) {
  // tsx directly rather than through npx: the launcher is not part of the build's cost.
  const tsx = join(projectRoot, 'node_modules', '.bin', 'tsx');
  const run = await runMeasured(
    tsx,
    [...buildV8Flags, 'scripts/build.ts', '--content', siteDir, '--out', outDir, '--cache', cacheDir],
    timeoutSeconds * 1000,
  );
  const build = {
    ok: run.code === 0,
    seconds: round(run.seconds),
    cpuSeconds: round(run.cpuSeconds),
    peakRssBytes: run.peakRssBytes,
    timedOut: run.timedOut,
  };
  if (!build.ok) {
    const why = run.timedOut ? `timed out after ${build.seconds} s` : `exited with ${run.code}`;
    throw new Error(`${why}\n${run.output.slice(-1500)}`);
  }
  return build;
}

async function serveAndMeasure(
  outDir: string,
  persist: string,
  options: ScaleOptions,
  /** A new stream of the bench's queries (the same ones each time). */
  queries: () => () => string,
  sidebars: Record<string, SidebarItem[]> | undefined,
): Promise<{ search: SearchFigures; searchViaMiniflare: SearchFigures; html: NonNullable<SizeResult['html']> }> {
  const site = { origin: '', outDir, persist, stop: async () => {} };
  const bindings = { SEARCH_CACHE_TTL: '300', HTML_CACHE_TTL: '0' };
  const bundleRoot = await mkdtemp(join(tmpdir(), 'self-docs-scale-bundle-'));
  try {
    const bundleDir = await bundleWorker(bundleRoot);
    const html: NonNullable<SizeResult['html']> = {};
    const measureIn = (layout: SearchLayout) =>
      searchFiguresIn(layout, site, options.port, bindings, queries, {
        bundleDir,
        warmSeconds: options.warmSeconds,
        // Page sizes once, on the layout that serves pages as wrangler dev does.
        alsoMeasure:
          layout === 'miniflare'
            ? async (workerd) => {
                const { small, deepest } = sidebars ? pagesToMeasure(sidebars) : {};
                if (small) html.small = { route: small, bytes: await htmlBytes(workerd.origin, small) };
                if (deepest) html.deepest = { route: deepest, bytes: await htmlBytes(workerd.origin, deepest) };
              }
            : undefined,
      });
    const search = await measureIn('straight');
    const searchViaMiniflare = await measureIn('miniflare');
    return { search, searchViaMiniflare, html };
  } finally {
    await rm(bundleRoot, { recursive: true, force: true });
  }
}

async function htmlBytes(origin: string, route: string): Promise<number> {
  const response = await fetch(`${origin}${route}`);
  if (!response.ok) throw new Error(`GET ${route} answered ${response.status}`);
  return (await response.arrayBuffer()).byteLength;
}

/** Appends a sentence to one page (the middle one by path), as an author's small edit would. */
async function changeOnePage(siteDir: string): Promise<string> {
  const files = (await docFiles(siteDir)).sort();
  const file = files[Math.floor(files.length / 2)]!;
  const text = await readFile(file, 'utf8');
  await writeFile(file, `${text.trimEnd()}\n\nThis sentence was added to measure a redeploy of one changed page.\n`);
  return file.slice(siteDir.length + 1);
}

async function docFiles(siteDir: string): Promise<string[]> {
  const docs = join(siteDir, 'docs');
  return (await readdir(docs, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile() && /\.mdx?$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
}

const round = (seconds: number) => Math.round(seconds * 100) / 100;

/** `--pages 41,200,1000` → sizes; 41 (or `self`) stands for the SELF content. */
export function parseSizes(list: string): SiteSize[] {
  return list.split(',').map((part) => {
    const text = part.trim().toLowerCase();
    if (text === 'self' || text === '41') return 'self';
    const pages = Number(text.replace(/[_k]/g, (c) => (c === 'k' ? '000' : '')));
    if (!Number.isInteger(pages) || pages < 10) throw new Error(`--pages: "${part}" is not a page count of 10 or more`);
    return pages;
  });
}

export function scaleOptions(argv: string[]): ScaleOptions {
  const value = (flag: string) => {
    const index = argv.indexOf(flag);
    return index === -1 ? undefined : argv[index + 1];
  };
  return {
    sizes: parseSizes(value('--pages') ?? '41,200,1000,10000'),
    seed: Number(value('--seed') ?? 1),
    out: resolve(value('--out') ?? 'dist'),
    port: Number(process.env.BENCH_PORT ?? 8811),
    startPort: Number(process.env.BENCH_START_PORT ?? 9001),
    warmSeconds: Number(process.env.BENCH_SECONDS ?? 10),
    buildTimeout: value('--build-timeout') ? Number(value('--build-timeout')) : undefined,
    keep: argv.includes('--keep'),
    searchOnly: value('--search-only'),
    runs: Number(value('--runs') ?? 5),
  };
}

/** The command: runs the bench from command-line flags, then exits (servers are all stopped). */
export async function runScaleBench(argv: string[]): Promise<never> {
  try {
    const options = { ...scaleOptions(argv), progress: progressFor() };
    if (options.searchOnly) await rerunSearch({ ...options, keptDir: resolve(options.searchOnly) });
    else await benchScale(options);
  } catch (error) {
    console.error(`\nscale bench failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
  // Do not wait on handles a library keeps.
  process.exit(0);
}

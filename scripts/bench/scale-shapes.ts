// The scale bench by shape (`npm run bench:scale -- --shapes flat,deep --pages 200,10000`): for
// each shape of the big sidebar (corpus-shapes.ts) and each size, a generated site built, deployed
// locally and served on fresh workerds, with what a reader meets: the HTML of a page in the small
// sidebar, of one deep in the big sidebar (and the links its sidebar renders) and of the page of its
// largest category that has one (a generated index or an index doc, listing its items), the first search
// and the warm median, straight on workerd and through Miniflare as `npm start` serves it, and the
// whole workerd process's memory. Lighter than the size bench (one fresh workerd a figure, a few
// seconds of warm searches): its question is whether a cost stays flat from one shape to another.
// Results go to `<out>/bench/scale.json` under `shapes`, a list of one entry a shape and size.

import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { benchSteps } from './bench-step.ts';
import type { SidebarItem } from '../../client/contract/sidebar.ts';
import { bundleWorker } from '../local/workerd.ts';
import { generateCorpus } from './corpus.ts';
import { corpusShapes, parseShape, shapeDescriptions, type CorpusShape } from './corpus-shapes.ts';
import { countedLocalDeploy } from './counted-deploy.ts';
import { readKvOutput } from './kv-output.ts';
import { measuredBuild, parseSizes } from './scale.ts';
import { searchFiguresIn, type SearchFigures, type SearchLayout } from './scale-search.ts';
import { queryStream, siteWords } from './search-queries.ts';

export interface ShapeResult {
  shape: CorpusShape;
  /** Pages asked of the generator. */
  pages: number;
  build?: { seconds: number; cpuSeconds?: number; peakRssBytes: number };
  /** Largest KV value, and the largest sidebar value, in bytes. */
  kv?: { largestValueBytes: number; largestKey: string; largestSidebarBytes: number };
  html?: {
    small?: PageWeight;
    deep?: PageWeight;
    /** The page of the big sidebar's largest category with a page of its own. */
    category?: PageWeight;
  };
  /** The machine's 1-minute load average when the shape's build started and when its serving ended. */
  load?: { start: number; end: number };
  /** On a fresh workerd, straight to the worker, and through Miniflare as `npm start` serves it. */
  search?: Record<SearchLayout, ShapeSearch>;
  errors: string[];
}

export interface PageWeight {
  route: string;
  bytes: number;
  /** Links in its `<aside>` (the sidebar as the server rendered it). */
  sidebarLinks: number;
}

export interface ShapeSearch {
  firstMs: number;
  warmP50Ms: number;
  /** The whole workerd process's resident memory after the warm searches. */
  workerdRssBytes: number | null;
}

export interface ShapeOptions {
  shapes: CorpusShape[];
  sizes: number[];
  seed: number;
  out: string;
  port: number;
  warmSeconds: number;
  keep: boolean;
}

export async function benchShapes(options: ShapeOptions): Promise<ShapeResult[]> {
  const results: ShapeResult[] = [];
  const resultFile = join(options.out, 'bench', 'scale.json');
  await mkdir(join(options.out, 'bench'), { recursive: true });
  const bundleRoot = await mkdtemp(join(tmpdir(), 'self-docs-shapes-bundle-'));
  try {
    const bundleDir = await bundleWorker(bundleRoot);
    for (const shape of options.shapes) {
      for (const pages of options.sizes) {
        console.log(`\n== ${shape} (${shapeDescriptions[shape]}), ${pages} pages`);
        results.push(await benchShape(shape, pages, options, bundleDir));
        // Beside what the size bench wrote there, and the shapes and sizes an earlier run measured.
        const earlier = existsSync(resultFile)
          ? (JSON.parse(await readFile(resultFile, 'utf8')) as { shapes?: { results?: ShapeResult[] } })
          : {};
        const measured = (each: ShapeResult) =>
          results.some((own) => own.shape === each.shape && own.pages === each.pages);
        const kept = (earlier.shapes?.results ?? []).filter((each) => !measured(each));
        const machine = { cpus: cpus().length, node: process.version, date: new Date().toISOString() };
        const shapes = { seed: options.seed, machine, results: [...kept, ...results] };
        await writeFile(resultFile, `${JSON.stringify({ ...earlier, shapes }, null, 2)}\n`);
      }
    }
  } finally {
    await rm(bundleRoot, { recursive: true, force: true });
  }
  printShapeTable(results);
  console.log(`\nwritten ${resultFile}`);
  return results;
}

async function benchShape(shape: CorpusShape, pages: number, options: ShapeOptions, bundleDir: string) {
  const result: ShapeResult = { shape, pages, errors: [] };
  const work = await mkdtemp(join(tmpdir(), `self-docs-shape-${shape}-${pages}-`));
  const siteDir = join(work, 'site');
  const outDir = join(work, 'out');
  const persist = join(work, 'state');
  const step = benchSteps(result.errors);
  const start = loadavg()[0]!;
  try {
    await generateCorpus(siteDir, { pages, seed: options.seed, shape });
    const built = await step('build', async () => {
      const build = await measuredBuild(siteDir, outDir, 180 + pages * 0.5, join(work, 'compile-cache'));
      result.build = { seconds: build.seconds, cpuSeconds: build.cpuSeconds, peakRssBytes: build.peakRssBytes };
      console.log(`  built in ${build.seconds.toFixed(1)} s`);
    });
    if (!built) return result;
    let sidebars: Record<string, SidebarItem[]> = {};
    await step('read the KV output', async () => {
      const kv = await readKvOutput(outDir);
      sidebars = kv.sidebars ?? {};
      result.kv = {
        largestValueBytes: kv.largestValueBytes,
        largestKey: kv.largestKey,
        largestSidebarBytes: kv.largestSidebarBytes ?? 0,
      };
    });
    if (!(await step('local deploy', async () => void (await countedLocalDeploy(outDir, persist))))) return result;
    const words = await siteWords(siteDir);
    const site = { origin: '', outDir, persist, stop: async () => {} };
    const bindings = { SEARCH_CACHE_TTL: '300', HTML_CACHE_TTL: '0' };
    const { small, deep, category } = shapePages(sidebars);
    result.search = {} as Record<SearchLayout, ShapeSearch>;
    for (const layout of ['straight', 'miniflare'] as const) {
      await step(`serve (${layout})`, async () => {
        const figures: SearchFigures = await searchFiguresIn(
          layout,
          site,
          options.port,
          bindings,
          () => queryStream(words, options.seed),
          {
            bundleDir,
            warmSeconds: options.warmSeconds,
            samples: 1,
            alsoMeasure:
              layout === 'miniflare'
                ? async (workerd) => {
                    result.html = {
                      ...(small ? { small: await pageWeight(workerd.origin, small) } : {}),
                      ...(deep ? { deep: await pageWeight(workerd.origin, deep) } : {}),
                      ...(category ? { category: await pageWeight(workerd.origin, category) } : {}),
                    };
                  }
                : undefined,
          },
        );
        result.search![layout] = {
          firstMs: figures.coldFirstMs,
          warmP50Ms: figures.warm.p50,
          workerdRssBytes: figures.workerdRssBytes ?? null,
        };
        console.log(
          `  ${layout}: first search ${figures.coldFirstMs} ms, warm p50 ${figures.warm.p50} ms, ` +
            `workerd ${mb(figures.workerdRssBytes)} MB`,
        );
      });
    }
    if (result.html?.deep)
      console.log(`  deep page ${kb(result.html.deep.bytes)} KB, ${result.html.deep.sidebarLinks} sidebar links`);
    if (result.html?.category)
      console.log(`  category page ${result.html.category.route}: ${kb(result.html.category.bytes)} KB`);
    return result;
  } finally {
    result.load = { start, end: loadavg()[0]! };
    if (options.keep) console.log(`  kept ${work}`);
    else await rm(work, { recursive: true, force: true });
  }
}

/**
 * The first doc of the smallest sidebar, and a doc of the biggest one at its deepest level: the
 * middle one of those there, so a long flat list is measured around its middle, not at its start.
 */
export function shapePages(sidebars: Record<string, SidebarItem[]>): {
  small?: string;
  deep?: string;
  category?: string;
} {
  const docs = (items: SidebarItem[], depth = 0): { href: string; depth: number }[] =>
    items.flatMap((item) => [
      ...(item.type === 'doc' ? [{ href: item.href, depth }] : []),
      ...(item.type === 'category' ? docs(item.items, depth + 1) : []),
    ]);
  const lists = Object.values(sidebars)
    .map((items) => docs(items))
    .filter((list) => list.length > 0)
    .sort((a, b) => a.length - b.length);
  const biggest = lists.at(-1) ?? [];
  const depth = Math.max(...biggest.map((doc) => doc.depth));
  const deepest = biggest.filter((doc) => doc.depth === depth);
  const bigSidebar =
    Object.values(sidebars)
      .sort((a, b) => docs(a).length - docs(b).length)
      .at(-1) ?? [];
  return {
    small: lists.length > 1 ? lists[0]![0]!.href : undefined,
    deep: deepest[Math.floor(deepest.length / 2)]?.href,
    category: largestCategoryPage(bigSidebar),
  };
}

/** The route of the category with a page of its own that holds the most items, if any has one. */
function largestCategoryPage(items: SidebarItem[]): string | undefined {
  let largest: { href: string; items: number } | undefined;
  const walk = (list: SidebarItem[]) => {
    for (const item of list) {
      if (item.type !== 'category') continue;
      if (item.href && item.items.length > (largest?.items ?? 0))
        largest = { href: item.href, items: item.items.length };
      walk(item.items);
    }
  };
  walk(items);
  return largest?.href;
}

async function pageWeight(origin: string, route: string): Promise<PageWeight> {
  const response = await fetch(`${origin}${route}`);
  if (!response.ok) throw new Error(`GET ${route} answered ${response.status}`);
  const html = await response.text();
  const aside = html.slice(html.indexOf('<aside'), html.indexOf('</aside>'));
  return { route, bytes: Buffer.byteLength(html), sidebarLinks: (aside.match(/<a /g) ?? []).length };
}

const kb = (bytes: number | undefined) => (bytes === undefined ? '–' : (bytes / 1024).toFixed(1));
const mb = (bytes: number | null | undefined) => (bytes == null ? '–' : (bytes / 2 ** 20).toFixed(0));

export function printShapeTable(results: ShapeResult[]) {
  console.log('\nShapes (KB/MB are KiB/MiB; "npm start": through Miniflare\'s entry worker and assets service)');
  console.table(
    results.map((result) => ({
      shape: result.shape,
      pages: result.pages,
      'build s': result.build?.seconds ?? '–',
      'build CPU s': result.build?.cpuSeconds ?? '–',
      'sidebar KB': kb(result.kv?.largestSidebarBytes),
      'small KB': kb(result.html?.small?.bytes),
      'deep KB': kb(result.html?.deep?.bytes),
      'deep links': result.html?.deep?.sidebarLinks ?? '–',
      'category KB': kb(result.html?.category?.bytes),
      'first ms': result.search?.straight?.firstMs ?? '–',
      'p50 ms': result.search?.straight?.warmP50Ms ?? '–',
      'workerd MB': mb(result.search?.straight?.workerdRssBytes),
      'npm start first ms': result.search?.miniflare?.firstMs ?? '–',
      'npm start p50 ms': result.search?.miniflare?.warmP50Ms ?? '–',
      'npm start workerd MB': mb(result.search?.miniflare?.workerdRssBytes),
      load: result.load ? `${result.load.start.toFixed(1)}–${result.load.end.toFixed(1)}` : '–',
    })),
  );
  for (const result of results)
    for (const error of result.errors) console.log(`  ${result.shape} ${result.pages}: ${error.split('\n')[0]}`);
}

export function shapeOptions(argv: string[]): ShapeOptions {
  const value = (flag: string) => {
    const index = argv.indexOf(flag);
    return index === -1 ? undefined : argv[index + 1];
  };
  const shapes = value('--shapes') ?? corpusShapes.join(',');
  return {
    shapes: (shapes === 'all' ? corpusShapes.join(',') : shapes).split(',').map((name) => parseShape(name.trim())),
    sizes: parseSizes(value('--pages') ?? '200,10000').map((size) => {
      if (size === 'self') throw new Error('--shapes: the SELF content has a shape of its own; give page counts');
      return size;
    }),
    seed: Number(value('--seed') ?? 1),
    out: resolve(value('--out') ?? 'dist'),
    port: Number(process.env.BENCH_PORT ?? 8811),
    warmSeconds: Number(process.env.BENCH_SECONDS ?? 5),
    keep: argv.includes('--keep'),
  };
}

export async function runShapeBench(argv: string[]): Promise<never> {
  try {
    await benchShapes(shapeOptions(argv));
  } catch (error) {
    console.error(`\nshape bench failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
  process.exit(0);
}

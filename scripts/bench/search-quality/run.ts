// `npm run bench:search [-- <site folder>…] [--verbose]`: search quality on real documentation,
// side by side. Each site is built by our compiler; its query set (queries/<name>.json, written by
// reading the site as a reader would) is asked of our engine, VitePress's local search and
// Pagefind over the same sections. Without folders it runs the SELF content alone (offline, CI).

import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { table } from '../../search-report/format.ts';
import { depth, rankOf, scores, type BenchQuery, type QueryResult, type Scores } from './metrics.ts';
import { oursEngine } from './ours.ts';
import { closePagefind, pagefindEngine } from './pagefind.ts';
import { buildSite, siteName, type BuiltSite } from './site.ts';
import { vitepressEngine } from './vitepress.ts';

type Engine = (query: string) => Promise<string[]>;
export const engineNames = ['ours', 'vitepress', 'pagefind'] as const;
type EngineName = (typeof engineNames)[number];

export interface SiteFigures {
  site: string;
  pages: number;
  scores: Record<EngineName, Scores>;
  results: Record<EngineName, QueryResult[]>;
}

export async function querySet(name: string): Promise<BenchQuery[]> {
  const file = join(import.meta.dirname, 'queries', `${name}.json`);
  const text = await readFile(file, 'utf8').catch(() => {
    throw new Error(`no query set for ${name}: write ${file} ({ "queries": [{ "q", "routes", "kind" }] })`);
  });
  return (JSON.parse(text) as { queries: BenchQuery[] }).queries;
}

async function engines(site: BuiltSite): Promise<Record<EngineName, Engine>> {
  return { ours: oursEngine(site), vitepress: vitepressEngine(site), pagefind: await pagefindEngine(site) };
}

export async function benchSite(siteDir: string): Promise<SiteFigures> {
  // The real sites live outside the repository (their query sets in it): say which is missing.
  if (!existsSync(siteDir))
    throw new Error(`no site folder at ${siteDir}: assemble it there, or leave it out of the bench's arguments`);
  const queries = await querySet(siteName(siteDir));
  const site = await buildSite(siteDir);
  const known = new Set(site.records.map((record) => new URL(record.url_without_anchor).pathname.replace(/\/$/, '')));
  for (const query of queries)
    for (const route of query.routes)
      if (!known.has(route))
        throw new Error(`${site.name}: “${query.q}” names ${route}, which the site has no page at`);
  const run = await engines(site);
  const results = {} as SiteFigures['results'];
  for (const name of engineNames) {
    results[name] = [];
    for (const query of queries) {
      const pages = await run[name](query.q);
      results[name].push({ query, pages, rank: rankOf(query, pages) });
    }
  }
  const figures = Object.fromEntries(engineNames.map((name) => [name, scores(results[name])])) as SiteFigures['scores'];
  return { site: site.name, pages: site.pages, scores: figures, results };
}

const percent = (value: number) => `${(value * 100).toFixed(0)}%`;

export function formatFigures(all: SiteFigures[]): string {
  const rows = all.flatMap((figures) => {
    const peers = Math.max(figures.scores.vitepress.mrr, figures.scores.pagefind.mrr);
    return engineNames.map((name) => {
      const s = figures.scores[name];
      return [
        `${figures.site} (${figures.pages} pages, ${s.queries} queries)`,
        name,
        percent(s.hit1),
        percent(s.hit3),
        s.mrr.toFixed(3),
        String(s.blank),
        name === 'ours' && peers > 0 ? `${(s.mrr / peers).toFixed(2)}×` : '',
      ];
    });
  });
  return table(['site', 'engine', 'hit@1', 'hit@3', 'MRR', 'blank', 'vs better peer'], rows);
}

/** Queries a peer ranks right (top `depth`) where ours finds nothing, and ours' misses below rank 3. */
export function formatMisses(all: SiteFigures[], verbose: boolean): string {
  const lines: string[] = [];
  for (const figures of all) {
    figures.results.ours.forEach((ours, i) => {
      const peerRight = engineNames.slice(1).filter((name) => figures.results[name][i]!.rank > 0);
      const blankVsPeer = ours.pages.length === 0 && peerRight.length > 0;
      if (blankVsPeer || (verbose && (ours.rank === 0 || ours.rank > 3))) {
        const ranks = engineNames.map((name) => `${name} ${figures.results[name][i]!.rank || '–'}`).join(', ');
        lines.push(
          `${figures.site}: “${ours.query.q}” → ${ours.query.routes.join(' | ')} (${ranks}); ours: ${ours.pages.slice(0, 3).join(', ') || 'nothing'}` +
            (blankVsPeer ? '  ← blank where a peer answers' : ''),
        );
      }
    });
  }
  return lines.join('\n');
}

export async function runSearchBench(argv: string[]): Promise<void> {
  const verbose = argv.includes('--verbose');
  const dirs = argv.filter((arg) => !arg.startsWith('--'));
  const all: SiteFigures[] = [];
  try {
    for (const dir of dirs.length > 0 ? dirs : ['content']) all.push(await benchSite(dir));
  } finally {
    await closePagefind();
  }
  console.log(`Search quality: hit@1, hit@3 and MRR (pages past rank ${depth} count as missed)\n`);
  console.log(formatFigures(all));
  const misses = formatMisses(all, verbose);
  if (misses) console.log(`\n${misses}`);
  await mkdir(join('dist', 'bench'), { recursive: true });
  const json = all.map(({ site, pages, scores: s }) => ({ site, pages, scores: s }));
  await writeFile(join('dist', 'bench', 'search-quality.json'), `${JSON.stringify(json, null, 2)}\n`);
}

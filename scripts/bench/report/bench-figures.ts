// `npm run bench`'s figures (results.json) as the report's sections: the serving ratios as bars
// (the worker against serve-handler, page by page), then the page table, the serving runs,
// unknown paths, search and a new isolate's start.

import { cell, isObject, kib, list, num, obj, str, type Json, type RatioChart, type ReportSection } from './model.ts';

/** The serving set-ups' names as the bench's table prints them (serving.ts `workerSetups`). */
const setupNames: Record<string, string> = {
  cached: 'worker cached',
  cachedWithoutAssets: 'worker cached, no assets layer',
  cachedStraight: 'worker cached, straight on workerd',
  rendered: 'worker rendered',
  renderedStraight: 'worker rendered, straight on workerd',
};

const setupName = (key: string) => setupNames[key] ?? key;

export function pagesSection(results: Json): ReportSection | undefined {
  const pages = obj(results, 'pages');
  if (!pages) return undefined;
  const rows = Object.entries(pages)
    .filter((entry): entry is [string, Json] => isObject(entry[1]))
    .map(([route, page]) => {
      const lh = (key: string, digits = 0) => cell(num(page, 'lighthouse', key), digits);
      // Lighthouse scores are 0 to 1; its own report shows them out of 100.
      const score = (key: string) => {
        const value = num(page, 'lighthouse', key);
        return cell(value === undefined ? undefined : value * 100);
      };
      return [
        route,
        cell(kib(num(page, 'htmlBytes')), 1),
        cell(kib(num(page, 'htmlGzipBytes')), 1),
        cell(kib(num(page, 'firstLoadJsGzipBytes')), 1),
        cell(kib(num(page, 'cssGzipBytes')), 1),
        cell(num(page, 'requests')),
        score('performance'),
        score('accessibility'),
        score('bestPractices'),
        score('seo'),
        lh('fcpMs'),
        lh('lcpMs'),
        lh('tbtMs'),
        lh('cls', 3),
        cell(num(page, 'lighthouse', 'runs')),
      ];
    });
  if (rows.length === 0) return undefined;
  return {
    title: 'Pages',
    tables: [
      {
        caption:
          'Page weight (KiB; gz: gzip as served) and Lighthouse mobile (scores out of 100), median of the measured runs',
        columns: [
          'page',
          'HTML KiB',
          'HTML gz KiB',
          'first-load JS gz KiB',
          'CSS gz KiB',
          'requests',
          'performance',
          'accessibility',
          'best practices',
          'SEO',
          'FCP ms',
          'LCP ms',
          'TBT ms',
          'CLS',
          'runs',
        ],
        rows,
      },
    ],
  };
}

/** Each page's comparison: its route, serve-handler's run, and each worker set-up's run and ratios. */
function comparisons(results: Json) {
  return list(results, 'serving', 'pages')
    .filter(isObject)
    .map((comparison) => {
      const ratios = obj(comparison, 'ratios') ?? {};
      const setups = Object.keys(ratios).filter((key) => isObject(comparison[key]));
      return { route: str(comparison, 'route') ?? '?', comparison, ratios, setups };
    });
}

export function servingSection(results: Json): ReportSection | undefined {
  const pages = comparisons(results);
  if (pages.length === 0) return undefined;
  const ratioChart = (id: string, key: string, title: string, axisLabel: string, note: string): RatioChart => ({
    id,
    title,
    note,
    axisLabel,
    groups: pages.map(({ route, ratios, setups }) => ({
      label: route,
      bars: setups.map((setup) => ({ label: setupName(setup), value: num(ratios, setup, key) ?? null })),
    })),
  });
  const connections = num(results, 'serving', 'connections');
  const seconds = num(results, 'serving', 'seconds');
  const load = connections && seconds ? ` (autocannon, ${connections} connections, ${seconds} s each)` : '';
  const runRow = (route: string, server: string, run: Json | undefined, ratios?: Json) => [
    route,
    server,
    cell(num(run, 'requestsPerSecond')),
    cell(num(run, 'latencyMs', 'p50'), 1),
    cell(num(run, 'latencyMs', 'p99'), 1),
    cell(num(run, 'errors')),
    ratios ? `${Math.floor((num(run, 'cacheHits') ?? 0) * 100)} %` : '',
    cell(num(run, 'cpuMsPerRequest'), 3),
    ratios ? cell(num(ratios, 'requestsPerSecond'), 2) : '',
    ratios ? cell(num(ratios, 'p99'), 2) : '',
    ratios ? cell(num(ratios, 'answersPerCpuSecond'), 2) : '',
  ];
  return {
    title: 'Serving: the worker against a static server',
    ratios: [
      ratioChart(
        'serving-rps',
        'requestsPerSecond',
        'Requests a second, × serve-handler',
        'worker req/s ÷ serve-handler req/s',
        `The same HTML from each worker set-up and from serve-handler, one server at a time${load}. Right of 1: the worker answers more.`,
      ),
      ratioChart(
        'serving-cpu',
        'answersPerCpuSecond',
        'Answers per CPU second, × serve-handler',
        'worker answers/CPU s ÷ serve-handler’s',
        'The ratio to trust on a shared machine: answers for the same CPU time. Right of 1: the worker serves more pages with it.',
      ),
    ],
    tables: [
      {
        caption: `Each server under load${load}; × = worker ÷ serve-handler`,
        columns: [
          'page',
          'server',
          'req/s',
          'p50 ms',
          'p99 ms',
          'errors',
          'cache hits',
          'CPU ms an answer',
          'req/s ×',
          'p99 ×',
          'per CPU ×',
        ],
        rows: pages.flatMap(({ route, comparison, ratios, setups }) => [
          runRow(route, 'serve-handler', obj(comparison, 'serveHandler')),
          ...setups.map((setup) => runRow(route, setupName(setup), obj(comparison, setup), obj(ratios, setup) ?? {})),
        ]),
      },
    ],
  };
}

export function otherFiguresSection(results: Json): ReportSection | undefined {
  const tables: NonNullable<ReportSection['tables']> = [];
  const notes: string[] = [];
  const notFound = obj(results, 'notFound');
  if (notFound) {
    const run = (name: string, key: string) => [
      name,
      cell(num(notFound, key, 'requestsPerSecond')),
      cell(num(notFound, key, 'latencyMs', 'p50'), 1),
      cell(num(notFound, key, 'latencyMs', 'p99'), 1),
      cell(num(notFound, key, 'errors')),
    ];
    tables.push({
      caption: `Unknown paths against the cached page ${str(notFound, 'route') ?? ''} (req/s × ${cell(num(notFound, 'ratio'), 2)}; goal ≥ 0.5)`,
      columns: ['requests', 'req/s', 'p50 ms', 'p99 ms', 'errors'],
      rows: [run('cached page', 'cached'), run('a new unknown path each', 'notFound')],
    });
  }
  const search = obj(results, 'search');
  if (search) {
    tables.push({
      caption: 'Search under load (one connection)',
      columns: ['queries', 'p50 ms', 'p99 ms'],
      rows: [
        ['every query new', cell(num(search, 'uncached', 'p50'), 1), cell(num(search, 'uncached', 'p99'), 1)],
        ['one query repeated', cell(num(search, 'cached', 'p50'), 1), cell(num(search, 'cached', 'p99'), 1)],
      ],
    });
    const index = kib(num(search, 'indexBytes'));
    if (index !== undefined)
      notes.push(
        `Search index (all pieces): ${index.toFixed(1)} KiB, ${cell(kib(num(search, 'indexGzipBytes')), 1)} KiB gzip.`,
      );
  }
  const startup = obj(results, 'startup');
  if (startup) {
    const times = (name: string, key: string) => [
      name,
      cell(num(startup, key, 'noRenderMs'), 1),
      cell(num(startup, key, 'firstRenderMs'), 1),
      cell(num(startup, key, 'noRenderCpuMs'), 1),
      cell(num(startup, key, 'firstRenderCpuMs'), 1),
    ];
    tables.push({
      caption: `A new isolate: start to first answer, median of ${cell(num(startup, 'rounds'))} fresh workerds`,
      columns: ['worker', 'no render ms', 'first render ms', 'no render CPU ms', 'first render CPU ms'],
      rows: [times('one-line worker', 'oneLine'), times('self-docs', 'worker'), times('overhead', 'overhead')],
    });
  }
  const build = obj(results, 'build');
  if (build) notes.push(`Build: ${cell(num(build, 'pages'))} pages in ${cell(num(build, 'seconds'), 2)} s.`);
  if (tables.length === 0 && notes.length === 0) return undefined;
  return { title: 'Unknown paths, search, a new isolate', tables, notes };
}

/** The keys of results.json the sections above show; any other is listed as JSON. */
export const shownKeys = new Set(['pages', 'serving', 'notFound', 'search', 'startup', 'build', 'machine', 'scale']);

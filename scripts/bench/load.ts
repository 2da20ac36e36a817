// Load on loopback with autocannon: the search endpoint with distinct queries (every one a
// cache miss) or one repeated query (cache hits). Pages: scripts/bench/serving.ts.

import autocannon from 'autocannon';

export interface LoadResult {
  requestsPerSecond: number;
  latencyMs: { p50: number; p99: number };
  connections: number;
  seconds: number;
  errors: number;
}

export function runAutocannon(options: autocannon.Options): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon(options, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

function summarise(result: autocannon.Result, connections: number, seconds: number): LoadResult {
  return {
    requestsPerSecond: Math.round(result.requests.average),
    latencyMs: { p50: result.latency.p50, p99: result.latency.p99 },
    connections,
    seconds,
    errors: result.errors + result.non2xx,
  };
}

const words = [
  'validator',
  'block',
  'quantum',
  'token',
  'studio',
  'privacy',
  'network',
  'color',
  'marker',
  'reward',
  'kyber',
  'sphincs',
  'constellation',
  'rosetta',
  'minima',
  'grid',
  'compute',
  'stellar',
  'wallet',
  'consensus',
  'builder',
  'voting',
  'security',
  'roadmap',
  'tokenomics',
  'staking',
  'manifesto',
  'freedom',
  'instance',
  'storage',
];

/** A different query for every request: `block a3`, `quantum b7`, … never seen before. */
function distinctQuery(counter: number): string {
  return `${words[counter % words.length]} ${words[Math.floor(counter / words.length) % words.length]!.slice(0, 3)}${(counter % 97).toString(36)}`;
}

const levels = ['lvl1', 'lvl2', 'lvl3', 'lvl4', 'lvl5', 'lvl6'];

/** What the site's search modal (DocSearch v3) sends for a query: what readers ask, and what the edge cache keeps. */
export function searchBody(query: string): string {
  return JSON.stringify({
    requests: [
      {
        indexName: 'docs',
        query,
        attributesToRetrieve: [
          'hierarchy.lvl0',
          ...levels.map((level) => `hierarchy.${level}`),
          'content',
          'type',
          'url',
        ],
        attributesToSnippet: [...levels.map((level) => `hierarchy.${level}:10`), 'content:10'],
        snippetEllipsisText: '…',
        highlightPreTag: '<mark>',
        highlightPostTag: '</mark>',
        hitsPerPage: 20,
        clickAnalytics: true,
        facetFilters: [['language:en'], ['docusaurus_tag:docs-default-current']],
        analytics: false,
      },
    ],
  });
}

export async function searchLoad(
  origin: string,
  mode: 'uncached' | 'cached',
  connections: number,
  seconds: number,
): Promise<LoadResult> {
  let counter = Math.floor(Math.random() * 1e6);
  const result = await runAutocannon({
    url: `${origin}/1/indexes/*/queries`,
    connections,
    duration: seconds,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: searchBody('validator rewards'),
    requests:
      mode === 'uncached'
        ? [{ setupRequest: (request) => ({ ...request, body: searchBody(distinctQuery(counter++)) }) }]
        : undefined,
  });
  return summarise(result, connections, seconds);
}

// The serving comparison of `npm run bench`: the worker's pages exported as
// `docusaurus build` lays them out and served by serve-handler under the same URLs, and the
// ratios and table the bench prints. Nothing here is timed.

import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import serveHandler from 'serve-handler';
import { afterEach, describe, expect, it } from 'vitest';
import {
  compareRuns,
  cpuPerRequest,
  isHit,
  ratio,
  servingRatio,
  servingRows,
  type ServingComparison,
  type ServingRun,
} from '../../../../scripts/bench/serving.ts';
import { exportedFile, exportPages } from '../../../../scripts/bench/static-export.ts';
import { docusaurusServeOptions } from '../../../../scripts/bench/static-server.ts';
import { workerdOptions } from '../../../../scripts/local/workerd.ts';

const cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanup.push(() => new Promise((resolve) => server.close(() => resolve())));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function tempDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'bench-serving-test-'));
  cleanup.push(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

/** A stand-in for the worker: two pages, a 404 and a Markdown answer. */
async function pageServer(): Promise<string> {
  const pages: Record<string, string> = {
    '/': '<!doctype html><title>Home</title>',
    '/docs/intro': '<!doctype html><title>Intro</title>',
  };
  return listen(
    createServer((request, response) => {
      const html = pages[request.url ?? ''];
      if (request.url === '/notes') {
        response.writeHead(200, { 'content-type': 'text/markdown; charset=utf-8' }).end('# Notes');
      } else if (html) {
        response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
      } else {
        response.writeHead(404, { 'content-type': 'text/html; charset=utf-8' }).end('not found');
      }
    }),
  );
}

describe('exporting the worker pages as a Docusaurus build', () => {
  it('puts each route where docusaurus build would: its folder index.html', () => {
    expect(exportedFile('/')).toBe('index.html');
    expect(exportedFile('/docs/intro')).toBe(join('docs', 'intro', 'index.html'));
  });

  it('refuses a route that is not canonical or would leave the export folder', () => {
    expect(() => exportedFile('docs/intro')).toThrow(/not a canonical route/);
    expect(() => exportedFile('/docs/intro/')).toThrow(/not a canonical route/);
    expect(() => exportedFile('/docs/../../etc')).toThrow(/"\.\." segment/);
  });

  it('writes the exact bytes the server answered, and serve-handler serves them under the same URLs', async () => {
    const origin = await pageServer();
    const dir = await tempDir();
    const written = await exportPages(origin, ['/', '/docs/intro'], dir);
    expect(await readFile(join(dir, 'docs', 'intro', 'index.html'), 'utf8')).toBe(
      '<!doctype html><title>Intro</title>',
    );
    expect(written['/']).toBe('<!doctype html><title>Home</title>'.length);

    const options = docusaurusServeOptions(dir);
    const staticOrigin = await listen(
      createServer((request, response) => void serveHandler(request, response, options)),
    );
    for (const route of ['/', '/docs/intro']) {
      const answer = await fetch(`${staticOrigin}${route}`, { redirect: 'manual' });
      expect(answer.status).toBe(200);
      expect(await answer.text()).toBe(await (await fetch(`${origin}${route}`)).text());
    }
  });

  it('stops with the route when the server does not answer it with HTML', async () => {
    const origin = await pageServer();
    const dir = await tempDir();
    await expect(exportPages(origin, ['/missing'], dir)).rejects.toThrow(/export of \/missing: .*404/);
    await expect(exportPages(origin, ['/notes'], dir)).rejects.toThrow(/export of \/notes: .*text\/markdown/);
  });

  it('serves with the options docusaurus serve passes: clean URLs, no directory listing', () => {
    expect(docusaurusServeOptions('/site/build')).toMatchObject({
      public: '/site/build',
      cleanUrls: true,
      directoryListing: false,
    });
  });
});

const run = (requestsPerSecond: number, p99: number | null, extra: Partial<ServingRun> = {}): ServingRun => ({
  requestsPerSecond,
  answers: p99 === null ? 0 : requestsPerSecond * 10,
  latencyMs: p99 === null ? null : { p50: p99 / 2, p99 },
  errors: 0,
  cacheHits: 0,
  cpuMsPerRequest: null,
  ...extra,
});

describe('ratios against serve-handler', () => {
  it('divides the worker figure by serve-handler figure, to two decimals', () => {
    expect(ratio(450, 900)).toBe(0.5);
    expect(ratio(1000, 300)).toBe(3.33);
    expect(servingRatio(run(1200, 30), run(800, 60))).toEqual({
      requestsPerSecond: 1.5,
      p99: 0.5,
      answersPerCpuSecond: null,
    });
  });

  it('compares answers per CPU second: serve-handler CPU per answer over the worker one', () => {
    const worker = run(300, 90, { cpuMsPerRequest: 1.2 });
    expect(servingRatio(worker, run(900, 30, { cpuMsPerRequest: 0.3 })).answersPerCpuSecond).toBe(0.25);
    expect(servingRatio(run(900, 30, { cpuMsPerRequest: 0.3 }), worker).answersPerCpuSecond).toBe(4);
  });

  it('has no ratio where there is nothing to compare with', () => {
    expect(ratio(10, 0)).toBeNull();
    expect(servingRatio(run(0, null), run(800, 60))).toEqual({
      requestsPerSecond: 0,
      p99: null,
      answersPerCpuSecond: null,
    });
  });

  it('counts CPU per answer from two readings of the process', () => {
    expect(cpuPerRequest(1.5, 2.5, 2000)).toBe(0.5);
    expect(cpuPerRequest(null, 2.5, 2000)).toBeNull();
    expect(cpuPerRequest(1.5, 2.5, 0)).toBeNull();
  });

  it('tells a page-cache hit from a raw header list', () => {
    expect(isHit(['Content-Type', 'text/html', 'X-Html-Cache', 'hit'])).toBe(true);
    expect(isHit(['x-html-cache', 'miss'])).toBe(false);
    expect(isHit(['content-type', 'text/html'])).toBe(false);
  });
});

describe('the printed table', () => {
  const comparison: ServingComparison = compareRuns('/docs/intro', 84_000, run(800, 60, { cpuMsPerRequest: 0.5 }), {
    cached: run(400, 120, { cacheHits: 1, cpuMsPerRequest: 1.1 }),
    cachedWithoutAssets: run(1600, 30, { cacheHits: 0.996 }),
    cachedStraight: run(2400, 20, { cacheHits: 1, cpuMsPerRequest: 0.25 }),
    rendered: run(0, null),
    renderedStraight: run(200, 240, { cpuMsPerRequest: 2 }),
  });

  it('shows serve-handler then each worker set-up of a page, ratios on the worker rows only', () => {
    const rows = servingRows([comparison]);
    expect(rows.map((row) => row.server)).toEqual([
      'serve-handler',
      'worker cached',
      'worker cached, no assets layer',
      'worker cached, straight on workerd',
      'worker rendered',
      'worker rendered, straight on workerd',
    ]);
    expect(rows[0]).toMatchObject({ 'req/s': 800, 'p99 ms': 60, 'cpu ms/req': 0.5, 'req/s ×': '', 'p99 ×': '' });
    expect(rows[1]).toMatchObject({ 'req/s ×': '0.50', 'p99 ×': '2.00', 'cache hits': '100 %', 'per cpu ×': '0.45' });
    expect(rows[2]).toMatchObject({ 'req/s ×': '2.00', 'p99 ×': '0.50', 'cache hits': '99 %', 'cpu ms/req': '–' });
  });

  it('compares the straight-on-workerd rows with serve-handler too', () => {
    const [, , , cachedStraight, , renderedStraight] = servingRows([comparison]);
    expect(cachedStraight).toMatchObject({ 'req/s ×': '3.00', 'per cpu ×': '2.00', 'cache hits': '100 %' });
    expect(renderedStraight).toMatchObject({ 'req/s ×': '0.25', 'p99 ×': '4.00', 'per cpu ×': '0.25' });
    expect(comparison.ratios.cachedStraight).toEqual({ requestsPerSecond: 3, p99: 0.33, answersPerCpuSecond: 2 });
    expect(Object.keys(comparison.ratios)).toEqual([
      'cached',
      'cachedWithoutAssets',
      'cachedStraight',
      'rendered',
      'renderedStraight',
    ]);
  });

  it('shows a dash, not a zero latency, when no answer completed', () => {
    const rendered = servingRows([comparison])[4]!;
    expect(rendered).toMatchObject({ 'req/s': 0, 'p50 ms': '–', 'p99 ms': '–', 'req/s ×': '0.00', 'p99 ×': '–' });
  });
});

describe('the worker straight on workerd', () => {
  const site = { bundleDir: '/bundle', persist: '/state', port: 8800, bindings: {} };

  it('opens a socket to the worker past the entry worker when asked, none otherwise', () => {
    expect(workerdOptions({ ...site, directSocket: true }).unsafeDirectSockets).toEqual([
      { host: '127.0.0.1', port: 0 },
    ]);
    expect(workerdOptions(site).unsafeDirectSockets).toBeUndefined();
  });

  it('refuses a direct socket with assets, which Miniflare would still route through the assets router', () => {
    expect(() => workerdOptions({ ...site, directSocket: true, assetsDir: '/client' })).toThrow(
      /direct socket with assetsDir/,
    );
  });
});

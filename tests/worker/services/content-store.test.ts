// When KV cannot give the page: a 503 page with a Retry button and no internals (with status 503
// when the route could not be known, as the rest of a streamed 200 when it could); when the
// live pointer is stale: the previous build, still served.

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { kvKeys } from '../../../client/contract/storage.ts';
import { bindings, deployFixture, failingKv, freshBuildId, pointTo } from '../support/deploy.ts';
import { countElements, readDocument, textOf } from '../support/html.ts';
import { get, getSettled } from '../support/requests.ts';

/** The bindings, with a KV that notes the keys read. */
function kvNotingReads(): { env: typeof bindings; read: string[] } {
  const read: string[] = [];
  const kv = bindings.CONTENT;
  const noting = new Proxy(kv, {
    get(target, property) {
      if (property === 'get')
        return (key: string, options?: KVNamespaceGetOptions<'text'>) => {
          read.push(key);
          return kv.get(key, options);
        };
      const value = Reflect.get(target, property);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  return { env: { ...bindings, CONTENT: noting }, read };
}

let logged: ReturnType<typeof vi.spyOn>;
let warned: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  // The worker logs each failure for operators; keep the test output readable.
  logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  warned = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.restoreAllMocks();
});

/** What a reader must never see: stack frames, error class names, our file names, KV keys. */
async function expectNoInternals(html: string): Promise<void> {
  expect(html).not.toMatch(/\bat .+:\d+:\d+/);
  expect(html).not.toMatch(/StoreUnavailable|Error:|\.tsx?\b|b:[0-9a-f]{12}:|simulated outage/);
}

async function expectUnavailablePage(response: Response): Promise<string> {
  expect(response.status).toBe(503);
  expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
  expect(response.headers.get('cache-control')).toBe('no-store');
  expect(response.headers.get('retry-after')).toBe('5');
  const html = await response.text();
  expect(await textOf(html, 'h1')).toBe('This page is not available right now');
  expect(await textOf(html, 'form[method="get"] button[type="submit"]')).toBe('Retry');
  await expectNoInternals(html);
  return html;
}

/**
 * The 503 page as the rest of a page whose head's start had left, with a 200, before its read
 * failed (routes/doc-pages.ts): no ETag, so no browser revalidates it into a 304.
 */
async function expectUnavailableAfterStart(response: Response): Promise<string> {
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
  expect(response.headers.get('etag')).toBeNull();
  const html = await response.text();
  expect(await textOf(html, 'h1')).toBe('This page is not available right now');
  expect(await textOf(html, 'form[method="get"] button[type="submit"]')).toBe('Retry');
  await expectNoInternals(html);
  return html;
}

describe('503 when KV cannot give the page', () => {
  it('shows the 503 page inside the layout when the build manifest exists but its pages are missing', async () => {
    await deployFixture({ omit: ['pages'] });
    const html = await expectUnavailableAfterStart(await get('/intro'));
    expect(await countElements(html, 'nav.navbar')).toBe(1);
    expect(await countElements(html, 'footer.footer')).toBe(1);
    const doc = await readDocument(html);
    expect(doc.title).toBe('Unavailable | Fixture Docs');
    expect(doc.boot.status).toBe(503);
    expect(doc.meta.robots).toBe('noindex');
    expect(logged).toHaveBeenCalled();
  });

  it('shows a bare 503 page when no candidate build has a manifest', async () => {
    const broken = await deployFixture({ omit: ['manifest'], live: false });
    await pointTo(broken.buildId, [broken.buildId, freshBuildId()]);
    await expectUnavailablePage(await get('/intro'));
  });

  it('shows a bare 503 page when no build has been deployed yet', async () => {
    await pointTo(null);
    await expectUnavailablePage(await get('/'));
  });

  it('shows a bare 503 page when KV itself fails and the isolate remembers nothing', async () => {
    await pointTo(null);
    const { response, body } = await getSettled('/intro', {}, { CONTENT: failingKv() });
    expect(response.status).toBe(503);
    await expectUnavailablePage(new Response(body, response));
    expect(logged).toHaveBeenCalled();
  });

  it('keeps the layout of the last build it served when KV fails afterwards', async () => {
    await deployFixture();
    expect((await getSettled('/intro')).response.status).toBe(200);
    const { response, body } = await getSettled('/reference/api', {}, { CONTENT: failingKv() });
    // The manifest and route table in memory: the route is known, so the head's start left first.
    const html = await expectUnavailableAfterStart(new Response(body, response));
    expect(await countElements(html, 'nav.navbar')).toBe(1);
    expect(await countElements(html, 'footer.footer')).toBe(1);
  });

  it('keeps serving pages from the edge cache while KV fails', async () => {
    await deployFixture();
    await getSettled('/intro');
    // The same worker (its version binding and all), its KV failing.
    const { response, body } = await getSettled('/intro', {}, { ...bindings, CONTENT: failingKv() });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-html-cache')).toBe('hit');
    expect(body).toContain('Tips render as admonitions.');
  });

  it('does not remember the failure: the page is back as soon as KV has it again', async () => {
    const build = await deployFixture({ omit: ['pages'] });
    const failed = await getSettled('/intro');
    await expectUnavailableAfterStart(new Response(failed.body, failed.response));
    await bindings.CONTENT.put(build.pageKey('/intro'), build.storedPage('/intro'));
    const { response, body } = await getSettled('/intro');
    expect(response.status).toBe(200);
    expect(body).toContain('Tips render as admonitions.');
  });

  it('still answers an unknown path with 404, not 503, when only pages are missing', async () => {
    await deployFixture({ omit: ['pages'] });
    const response = await get('/nowhere');
    expect(response.status).toBe(404);
    await response.text();
  });
});

describe('a stale build pointer', () => {
  it('serves the previous build when build:current names a build without a manifest', async () => {
    const previous = await deployFixture({ live: false });
    const missing = freshBuildId();
    await pointTo(missing, [missing, previous.buildId]);
    const response = await get('/intro');
    expect(response.status).toBe(200);
    const doc = await readDocument(await response.text());
    expect(doc.boot.buildId).toBe(previous.buildId);
    expect(doc.boot.page?.route).toBe('/intro');
  });

  it('serves the previous build when the newest build was only half uploaded', async () => {
    const previous = await deployFixture({ live: false });
    const half = await deployFixture({ omit: ['manifest'], live: false });
    await pointTo(half.buildId, [half.buildId, previous.buildId]);
    const doc = await readDocument(await (await get('/reference/api')).text());
    expect(doc.boot.buildId).toBe(previous.buildId);
  });

  it('serves the previous build when the newest manifest is not valid JSON, and logs which build it skipped', async () => {
    const previous = await deployFixture({ live: false });
    const corrupt = await deployFixture({ live: false });
    await bindings.CONTENT.put(kvKeys.manifest(corrupt.buildId), '{"buildId": "cut short by an upl');
    await pointTo(corrupt.buildId, [corrupt.buildId, previous.buildId]);
    const response = await get('/intro');
    expect(response.status).toBe(200);
    expect((await readDocument(await response.text())).boot.buildId).toBe(previous.buildId);
    expect(warned).toHaveBeenCalledWith(expect.stringMatching(new RegExp(`${corrupt.buildId}.*not valid JSON`)));
  });

  it('shows the 503 page when every candidate build’s manifest is corrupt', async () => {
    const corrupt = await deployFixture({ live: false });
    await bindings.CONTENT.put(kvKeys.manifest(corrupt.buildId), 'not json');
    await pointTo(corrupt.buildId, [corrupt.buildId]);
    await expectUnavailablePage(await get('/intro'));
  });

  it('reads the build history only when the live build cannot be served', async () => {
    const previous = await deployFixture({ live: false });
    const live = await deployFixture();
    await pointTo(live.buildId, [live.buildId, previous.buildId]);
    const healthy = kvNotingReads();
    expect((await getSettled('/intro', {}, healthy.env)).response.status).toBe(200);
    expect(healthy.read).toContain(kvKeys.current);
    expect(healthy.read).not.toContain(kvKeys.history);

    await bindings.CONTENT.put(kvKeys.manifest(live.buildId), 'not json');
    await pointTo(live.buildId, [live.buildId, previous.buildId]);
    const broken = kvNotingReads();
    const { body } = await getSettled('/intro', {}, broken.env);
    expect((await readDocument(body)).boot.buildId).toBe(previous.buildId);
    expect(broken.read).toContain(kvKeys.history);
  });

  it('ignores a corrupt build history and serves the current build', async () => {
    const build = await deployFixture();
    await bindings.CONTENT.put(kvKeys.history, '{not json');
    const response = await get('/intro');
    expect(response.status).toBe(200);
    expect((await readDocument(await response.text())).boot.buildId).toBe(build.buildId);
  });

  it('serves data links of the page it rendered from the build it rendered', async () => {
    const previous = await deployFixture({ live: false });
    const missing = freshBuildId();
    await pointTo(missing, [missing, previous.buildId]);
    const doc = await readDocument(await (await get('/intro')).text());
    const data = await get(`/__data/${doc.boot.buildId}/reference/api.json`);
    expect(data.status).toBe(200);
    expect(await data.text()).toBe(previous.storedPage('/reference/api'));
  });
});

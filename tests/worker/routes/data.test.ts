// `/__data/<build id>/<route>.json`: the page data client-side navigation loads.

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pageDataPath } from '../../../client/contract/urls.ts';
import { kvKeys } from '../../../client/contract/storage.ts';
import {
  bindings,
  countingKv,
  deployFixture,
  failingKv,
  freshBuildId,
  pointTo,
  type DeployedBuild,
} from '../support/deploy.ts';
import { get, getSettled } from '../support/requests.ts';

interface ErrorBody {
  error: string;
  message: string;
}

async function expectJsonError(response: Response, status: number, error: string): Promise<ErrorBody> {
  expect(response.status).toBe(status);
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  const body = (await response.json()) as ErrorBody;
  expect(body.error).toBe(error);
  expect(body.message).toEqual(expect.any(String));
  return body;
}

let build: DeployedBuild;
beforeEach(async () => {
  build = await deployFixture();
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('page data for client-side navigation', () => {
  it.each(['/intro', '/guides/advanced-topics', '/reference/api'])(
    'serves the data of %s exactly as the build stored it, cacheable forever',
    async (route) => {
      const response = await get(pageDataPath(build.buildId, route));
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
      const cacheControl = response.headers.get('cache-control') ?? '';
      expect(cacheControl).toContain('immutable');
      expect(cacheControl).toContain('max-age=31536000');
      expect(await response.text()).toBe(build.storedPage(route));
    },
  );

  it('serves /__data/<build>/intro.json at the address the client asks for', async () => {
    expect(pageDataPath(build.buildId, '/intro')).toBe(`/__data/${build.buildId}/intro.json`);
    const page = (await (await get(`/__data/${build.buildId}/intro.json`)).json()) as { route: string; title: string };
    expect(page).toMatchObject({ route: '/intro', title: 'Introduction' });
  });

  it('serves the home page as index.json', async () => {
    const home = await deployFixture({ fixture: 'home-site' });
    expect(pageDataPath(home.buildId, '/')).toBe(`/__data/${home.buildId}/index.json`);
    const response = await get(`/__data/${home.buildId}/index.json`);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe(home.storedPage('/'));
  });

  it('answers index.json with 404 JSON on a site without a home page', async () => {
    await expectJsonError(await get(`/__data/${build.buildId}/index.json`), 404, 'not_found');
  });

  it('keeps serving the data of the previous build after a deploy, for readers still on it', async () => {
    const previous = build;
    const next = await deployFixture();
    // As a deploy writes them: the history keeps the builds before it.
    await pointTo(next.buildId, [next.buildId, previous.buildId]);
    const response = await get(pageDataPath(previous.buildId, '/intro'));
    expect(response.status).toBe(200);
    expect(await response.text()).toBe(previous.storedPage('/intro'));
  });

  it('answers an unknown route with 404 JSON naming it', async () => {
    const body = await expectJsonError(await get(`/__data/${build.buildId}/no-such-page.json`), 404, 'not_found');
    expect(body.message).toContain('/no-such-page');
  });

  it('answers a build that was never deployed with 404 JSON', async () => {
    await expectJsonError(await get(pageDataPath(freshBuildId(), '/intro')), 404, 'not_found');
  });

  it.each([
    ['a build id that is not hex', '/__data/not-a-build/intro.json'],
    ['a missing .json suffix', `/__data/BUILD/intro`],
    ['no route at all', '/__data/BUILD.json'],
    ['nothing after /__data/', '/__data/'],
  ])('answers %s with 404 JSON explaining the address', async (_, path) => {
    const body = await expectJsonError(await get(path.replace('BUILD', build.buildId)), 404, 'not_found');
    expect(body.message).toContain('/__data/<build id>/<route>.json');
  });

  it('answers a route with broken URL encoding with 400 JSON', async () => {
    await expectJsonError(await get(`/__data/${build.buildId}/intro%E0%A4%A.json`), 400, 'bad_request');
  });

  it('answers 503 JSON that says to retry, never cached, when KV fails', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { response, body } = await getSettled(pageDataPath(build.buildId, '/intro'), {}, { CONTENT: failingKv() });
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('5');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(JSON.parse(body)).toMatchObject({ error: 'unavailable' });
    expect(body).not.toContain('simulated outage');
    expect(logged).toHaveBeenCalled();
  });

  it('serves no build the history does not keep (404 JSON), and such requests never push the live manifest out', async () => {
    const live = build;
    const dropped = [];
    for (let i = 0; i < 5; i++) dropped.push(await deployFixture({ live: false }));
    await pointTo(live.buildId, [live.buildId]);
    const reads = new Map<string, number>();
    const CONTENT = countingKv(reads);
    expect((await getSettled('/intro', {}, { ...bindings, CONTENT })).response.status).toBe(200);
    for (const old of dropped) {
      const { response, body } = await getSettled(pageDataPath(old.buildId, '/intro'), {}, { ...bindings, CONTENT });
      expect(response.status).toBe(404);
      expect(JSON.parse(body)).toMatchObject({ error: 'not_found' });
    }
    for (let i = 0; i < 20; i++) {
      const { response } = await getSettled(pageDataPath(freshBuildId(), '/intro'), {}, { ...bindings, CONTENT });
      expect(response.status).toBe(404);
    }
    const page = await getSettled(pageDataPath(live.buildId, '/intro'), {}, { ...bindings, CONTENT });
    expect(page.response.status).toBe(200);
    expect((await getSettled('/intro', {}, { ...bindings, CONTENT })).response.status).toBe(200);
    // The live manifest was read once, and no other build's at all.
    expect(reads.get(kvKeys.manifest(live.buildId))).toBe(1);
    for (const old of dropped) expect(reads.get(kvKeys.manifest(old.buildId))).toBeUndefined();
  });

  it('keeps the live manifest however many kept builds readers ask for', async () => {
    const older = [];
    for (let i = 0; i < 5; i++) older.push(await deployFixture({ live: false }));
    await pointTo(build.buildId, [build.buildId, ...older.map((each) => each.buildId)]);
    const reads = new Map<string, number>();
    const CONTENT = countingKv(reads);
    expect((await getSettled('/intro', {}, { ...bindings, CONTENT })).response.status).toBe(200);
    for (const old of older) {
      const { response, body } = await getSettled(pageDataPath(old.buildId, '/intro'), {}, { ...bindings, CONTENT });
      expect(response.status).toBe(200);
      expect(body).toBe(old.storedPage('/intro'));
    }
    expect((await getSettled('/intro', {}, { ...bindings, CONTENT })).response.status).toBe(200);
    expect(reads.get(kvKeys.manifest(build.buildId))).toBe(1);
  });
});

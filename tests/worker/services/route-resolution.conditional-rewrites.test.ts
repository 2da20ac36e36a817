// Rewrites (200 rules) that depend on the reader: their language, country or a query value. Two
// readers asking one path one after the other each get their own page, whoever asks first, from
// the page cache as from the browser's (its ETag).

import { describe, expect, it } from 'vitest';
import { kvKeys } from '../../../client/contract/storage.ts';
import type { RedirectRule } from '../../../client/contract/redirect-rules.ts';
import { forgetStore } from '../../../worker/services/content-store.ts';
import { forgetPages } from '../../../worker/services/html-cache.ts';
import { bindings, deployFixture } from '../support/deploy.ts';
import { readDocument, textOf } from '../support/html.ts';
import { buildRequest, get } from '../support/requests.ts';
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import worker from '../../../worker/index.ts';

/** The heading of the page at its own route. */
async function headingOf(route: string): Promise<string> {
  return textOf(await (await get(route)).text(), 'main h1');
}

/** `/start` serves /guides/setup to readers who meet `condition`, and /intro to everyone else. */
async function deployWithRules(condition: Partial<RedirectRule>): Promise<void> {
  const build = await deployFixture();
  const rules: RedirectRule[] = [
    { line: 1, from: '/start', to: '/guides/setup', status: 200, force: false, ...condition },
    { line: 2, from: '/start', to: '/intro', status: 200, force: false },
  ];
  await bindings.CONTENT.put(kvKeys.manifest(build.buildId), JSON.stringify({ ...build.manifest, redirects: rules }));
  forgetStore();
  forgetPages();
}

interface Reader {
  name: string;
  path: string;
  headers?: Record<string, string>;
  country?: string;
  /** The page this reader must get at `/start`. */
  route: string;
}

/** The reader's request straight to the worker, its cache writes done before it returns. */
async function ask(reader: Reader, ifNoneMatch?: string): Promise<{ response: Response; body: string }> {
  const base = buildRequest(reader.path, {
    headers: { ...reader.headers, ...(ifNoneMatch ? { 'if-none-match': ifNoneMatch } : {}) },
  });
  const request = new Request(base, reader.country ? { cf: { country: reader.country } } : {});
  const ctx = createExecutionContext();
  const response = await worker.fetch(request, bindings, ctx);
  const body = await response.text();
  await waitOnExecutionContext(ctx);
  return { response, body };
}

const conditions: {
  kind: string;
  rule: Partial<RedirectRule>;
  matching: Omit<Reader, 'route' | 'name'>;
  other: Omit<Reader, 'route' | 'name'>;
}[] = [
  {
    kind: 'Language',
    rule: { language: ['fr'] },
    matching: { path: '/start', headers: { 'accept-language': 'fr-FR,fr;q=0.9' } },
    other: { path: '/start', headers: { 'accept-language': 'en-GB,en;q=0.9' } },
  },
  {
    kind: 'Country',
    rule: { country: ['fr'] },
    matching: { path: '/start', country: 'FR' },
    other: { path: '/start', country: 'GB' },
  },
  {
    kind: 'query',
    rule: { query: { lang: 'fr' } },
    matching: { path: '/start?lang=fr' },
    other: { path: '/start?lang=en' },
  },
];

describe.each(conditions)('a rewrite that depends on $kind', ({ rule, matching, other }) => {
  const fr: Reader = { name: 'the reader the rule is for', ...matching, route: '/guides/setup' };
  const en: Reader = { name: 'any other reader', ...other, route: '/intro' };

  it.each([
    ['the reader the rule is for first', [fr, en]],
    ['any other reader first', [en, fr]],
  ])('serves each reader their own page at one path, %s', async (_, order) => {
    await deployWithRules(rule);
    const [first, second] = order as [Reader, Reader];
    // Each asks twice: the second time comes from the cache, and must still be theirs.
    for (const reader of [first, second, first, second]) {
      const { response, body } = await ask(reader);
      expect(response.status, reader.name).toBe(200);
      expect((await readDocument(body)).boot.page?.route, reader.name).toBe(reader.route);
      expect(await textOf(body, 'main h1'), reader.name).toBe(await headingOf(reader.route));
    }
  });

  it('never answers one reader 304 with the ETag of the other reader’s page', async () => {
    await deployWithRules(rule);
    // The cached copy's ETag: a page's first, streamed answer has none.
    await ask(fr);
    const etag = (await ask(fr)).response.headers.get('etag');
    expect(etag).not.toBeNull();
    const { response, body } = await ask(en, etag!);
    expect(response.status).toBe(200);
    expect((await readDocument(body)).boot.page?.route).toBe('/intro');
    // The reader the rule is for revalidates their own page.
    expect((await ask(fr, etag!)).response.status).toBe(304);
  });
});

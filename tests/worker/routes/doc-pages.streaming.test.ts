// A page whose KV read is slow: once its route is known the reader already has the status, the
// headers and the head's start, and the rest follows when KV answers. The reads of pages and
// sidebars are held at a gate that opens only when the test says (or, so that a worker which
// waits for them fails rather than hangs, after a while): the first bytes must arrive while
// the page's read is still unanswered.

/// <reference types="@cloudflare/vitest-pool-workers/types" />
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { kvKeys } from '../../../client/contract/storage.ts';
import worker from '../../../worker/index.ts';
import { bindings, deployFixture, fixtureBuild, fixturePages, type FixtureName } from '../support/deploy.ts';
import { countElements, readDocument, textOf } from '../support/html.ts';
import { buildRequest, getSettled, type RequestOptions } from '../support/requests.ts';

/**
 * How long a held read waits at most: only a worker that does not stream ever reaches it (every
 * test opens the gate itself). Far past what a busy machine takes to send the first bytes, and
 * within the test's time.
 */
const fallbackMs = 20_000;

interface HeldKv {
  kv: KVNamespace;
  /** Keys read through the gate, in order. */
  asked: string[];
  /** Whether a held read has been answered yet. */
  answered: () => boolean;
  /** Answers the held reads (with KV's values, or with `failure`). */
  open: (failure?: Error) => void;
}

/** The test KV, with reads of pages and sidebars held until `open` (or the fallback). */
function heldKv(): HeldKv {
  let release!: (failure?: Error) => void;
  const gate = new Promise<Error | undefined>((resolve) => {
    release = resolve;
    setTimeout(() => resolve(undefined), fallbackMs);
  });
  const asked: string[] = [];
  let answered = false;
  const held = (key: string) => key.startsWith(kvKeys.page('')) || key.startsWith(kvKeys.sidebar(''));
  const kv = new Proxy(bindings.CONTENT, {
    get(target, property) {
      if (property !== 'get') return Reflect.get(target, property, target) as unknown;
      return async (key: string, options?: unknown) => {
        if (!held(key)) return target.get(key, options as KVNamespaceGetOptions<'text'>);
        asked.push(key);
        const failure = await gate;
        answered = true;
        if (failure) throw failure;
        return target.get(key, options as KVNamespaceGetOptions<'text'>);
      };
    },
  });
  return { kv, asked, answered: () => answered, open: (failure) => release(failure) };
}

interface FirstBytes {
  response: Response;
  /** The first chunk of the body, as text. */
  first: string;
  /** Whether any held read had been answered when the first chunk arrived. */
  answeredBefore: boolean;
  /** The rest of the body, once the reads are answered, and the worker's background work is done. */
  rest: () => Promise<string>;
}

async function firstBytes(path: string, held: HeldKv, options: RequestOptions = {}): Promise<FirstBytes> {
  const ctx = createExecutionContext();
  const response = await worker.fetch(buildRequest(path, options), { ...bindings, CONTENT: held.kv }, ctx);
  const reader = response.body?.getReader();
  const chunk = await reader?.read();
  const answeredBefore = held.answered();
  const decoder = new TextDecoder();
  const first = chunk?.value ? decoder.decode(chunk.value, { stream: true }) : '';
  const rest = async () => {
    let text = '';
    for (;;) {
      if (!reader) break;
      const next = await reader.read();
      if (next.done) break;
      text += decoder.decode(next.value, { stream: true });
    }
    await waitOnExecutionContext(ctx);
    return text + decoder.decode();
  };
  return { response, first, answeredBefore, rest };
}

let consoleError: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.restoreAllMocks();
});

async function deploy(fixture: FixtureName = 'site') {
  const build = await deployFixture({ fixture });
  // The manifest and the route table in memory, as in a warm isolate; no page or sidebar is.
  expect((await getSettled('/intro/')).response.status).toBe(301);
  return build;
}

describe('the head’s start leaves before the page’s KV read answers', () => {
  it('sends a page’s status and head at once, then the page when KV answers', async () => {
    await deploy();
    const held = heldKv();
    const answer = await firstBytes('/intro', held, { cookie: 'theme=light' });
    expect(held.asked).toContain(pageKey('/intro'));
    expect(answer.answeredBefore).toBe(false);
    expect(answer.response.status).toBe(200);
    expect(answer.response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(answer.first).toMatch(/^<!doctype html>\n<html [^>]*data-theme="light"/);
    expect(answer.first).toContain('<meta charset="utf-8">');
    expect(answer.first).toContain('<meta name="viewport"');
    // The page's own parts wait for the page.
    expect(answer.first).not.toContain('<title>');
    expect(answer.first).not.toContain('</head>');

    held.open();
    const html = answer.first + (await answer.rest());
    const doc = await readDocument(html);
    expect(doc.title).toBe(`${fixturePages()['/intro']!.title} | Fixture Docs`);
    expect(doc.theme).toBe('light');
    expect(await textOf(html, 'main .markdown')).toContain('Tips render as admonitions.');
    expect(html.trimEnd().endsWith('</html>')).toBe(true);

    // Whole, the streamed document is the page the cache now answers with, to the byte.
    const hit = await getSettled('/intro', { cookie: 'theme=light' });
    expect(hit.response.headers.get('x-html-cache')).toBe('hit');
    expect(hit.body).toBe(html);
    // Only the whole copy carries the ETag (a streamed answer could still turn into an error page).
    expect(answer.response.headers.get('etag')).toBeNull();
    expect(hit.response.headers.get('etag')).toMatch(/^"[^"]+"$/);
  });

  it('carries the chrome’s styles in the head’s start, and the page’s own groups after the title', async () => {
    // A build with its browser bundle, so with style groups.
    await deploy('docusaurus-islands');
    const route = Object.keys(fixturePages('docusaurus-islands'))[0]!;
    const held = heldKv();
    const answer = await firstBytes(route, held);
    expect(answer.answeredBefore).toBe(false);
    expect(answer.first).toContain('<style data-style="chrome">');
    expect(answer.first).not.toContain('<style data-style="doc">');
    held.open();
    const rest = await answer.rest();
    expect(rest.indexOf('<style data-style="doc">')).toBeGreaterThan(rest.indexOf('<title>'));
  });

  it('sends the 404 status and head before the not-found page’s sidebar is read', async () => {
    await deploy();
    const held = heldKv();
    const answer = await firstBytes('/no/such/page', held);
    expect(held.asked.some((key) => key.startsWith(kvKeys.sidebar('')))).toBe(true);
    expect(answer.answeredBefore).toBe(false);
    expect(answer.response.status).toBe(404);
    expect(answer.response.headers.get('cache-control')).toBe('no-store');
    expect(answer.first).toMatch(/^<!doctype html>\n<html /);
    held.open();
    const html = answer.first + (await answer.rest());
    expect((await readDocument(html)).title).toBe('Page Not Found | Fixture Docs');
  });

  it.each([
    ['site', '/intro/', 301, '/intro'],
    ['docusaurus-redirects', '/moved-for-good', 308, '/docs/reference/api'],
  ] as const)('answers a redirect (%s %s) with its status, reading no page', async (fixture, path, status, to) => {
    await deploy(fixture);
    const held = heldKv();
    const answer = await firstBytes(path, held);
    expect(answer.response.status).toBe(status);
    expect(new URL(answer.response.headers.get('location')!, 'https://docs.example.test').pathname).toBe(to);
    expect(held.asked).toEqual([]);
    held.open();
    await answer.rest();
  });

  it('ends a page whose KV read fails after the start with the 503 page, well-formed, and keeps nothing', async () => {
    await deploy();
    const held = heldKv();
    const answer = await firstBytes('/reference/api', held);
    expect(answer.response.status).toBe(200);
    held.open(new Error('KV went away'));
    const html = answer.first + (await answer.rest());
    expect(await textOf(html, 'h1')).toBe('This page is not available right now');
    expect(await textOf(html, 'form[method="get"] button[type="submit"]')).toBe('Retry');
    expect(await countElements(html, 'nav.navbar')).toBe(1);
    const doc = await readDocument(html);
    expect(doc.title).toBe('Unavailable | Fixture Docs');
    expect(doc.meta.robots).toBe('noindex');
    expect(html).not.toMatch(/KV went away|at .*\.ts|Error:/);
    expect(html.trimEnd().endsWith('</html>')).toBe(true);
    expect(consoleError).toHaveBeenCalled();
    // Nothing of the failure is kept: the next reader gets the page.
    const next = await getSettled('/reference/api');
    expect(next.response.headers.get('x-html-cache')).toBe('miss');
    expect(await textOf(next.body, 'main .markdown')).toContain('returns a thing.');
  });
});

describe('Link preload headers', () => {
  it('name the site’s own stylesheets on the streamed answer and on the cached one', async () => {
    const build = await deploy('docusaurus-styled');
    const styles = build.manifest.assets.styles;
    expect(styles.length).toBeGreaterThan(0);
    const route = Object.keys(fixturePages('docusaurus-styled'))[0]!;
    const first = await getSettled(route);
    const hit = await getSettled(route);
    expect(hit.response.headers.get('x-html-cache')).toBe('hit');
    for (const response of [first.response, hit.response]) {
      const link = response.headers.get('link') ?? '';
      for (const href of styles) expect(link).toContain(`<${href}>; rel=preload; as=style`);
      // Fetched after the first paint by design: never hinted.
      expect(link).not.toMatch(/\.js>|\.woff2>/);
    }
  });
});

/** The KV key of a route's page in the site fixture. */
function pageKey(route: string): string {
  const target = fixtureBuild('site').routeTable[route];
  if (!target || !('page' in target)) throw new Error(`the fixture has no page ${route}`);
  return kvKeys.page(target.page);
}

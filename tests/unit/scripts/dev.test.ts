// The real `npm start` (scripts/dev.ts: build, local KV, wrangler dev) on a copy of a site with two
// broken pages: it starts with nothing but the pointer in local KV (the first build is served from
// its own KV files), serves the good page and each broken page's problems, follows edits without a
// restart, and serves the same again after a restart on the same state. Port: DEV_SERVER_PORT
// (default 8797); its own build and state folders.

import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kvKeys } from '../../../client/contract/storage.ts';
import { unavailableText } from '../../../client/contract/status-text.ts';
import { startGroup, type GroupedChild } from '../../../scripts/cli/process-group.ts';
import { offlineEnv, runCollecting } from '../../../scripts/cli/run.ts';
import { npmStartArgs, wholeBuildServed } from '../../../scripts/local/npm-start-args.ts';

const port = Number(process.env.DEV_SERVER_PORT ?? 8797);
const origin = `http://127.0.0.1:${port}`;
let work: string;
let site: string;
let server: GroupedChild;

/**
 * The answer once `ready` accepts it; edits take a rebuild, a KV seed and the worker's pointer memory.
 * An edit written in place may be seen half written (on a busy machine the write can come after the
 * watch's quiet time), and its rebuild is followed by another: so a test waits for what the whole edit
 * shows, not for the first page that differs.
 */
async function answerOnce(
  path: string,
  ready: (status: number, body: string) => boolean,
): Promise<{ status: number; body: string }> {
  for (;;) {
    const exit = await Promise.race([server.exited, new Promise((resolve) => setTimeout(resolve, 500, null))]);
    if (exit) throw new Error(`npm start ended:\n${server.output()}`);
    const response = await fetch(origin + path).catch(() => undefined);
    const body = (await response?.text().catch(() => undefined)) ?? '';
    // A page whose status left before its store read failed ends in the 503 page's text (a streamed
    // document): that read is asked again, as a reader's Retry would.
    if (response && !body.includes(storeUnavailable) && ready(response.status, body))
      return { status: response.status, body };
  }
}

const storeUnavailable = unavailableText.message;

/**
 * Settles once npm start says it serves the whole build: on a busy machine it may serve an early
 * build first (its line says how many pages are built), and this file is about the finished one.
 */
async function servedWhole(): Promise<void> {
  while (!wholeBuildServed.test(server.output())) {
    const exit = await Promise.race([server.exited, new Promise((resolve) => setTimeout(resolve, 200, null))]);
    if (exit) throw new Error(`npm start ended:\n${server.output()}`);
  }
}

/** `work`, or a clear error naming `step` and npm start's last output once `seconds` have gone by. */
async function within<T>(step: string, seconds: number, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`${step}: no answer in ${seconds} s; npm start's output:\n${server.output()}`)),
      seconds * 1000,
    );
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** npm start on the copy, with the same build and state folders each time. */
const start = () =>
  startGroup('npx', npmStartArgs(site, work, { cache: join(work, 'cache') }), {
    stdio: 'pipe',
    env: { ...offlineEnv, PORT: String(port), SELF_BUILD_THREADS: '0' },
  });

/** The keys local KV holds (wrangler's own listing of the state npm start serves). */
async function localKvKeys(): Promise<string[]> {
  const args = [
    'wrangler',
    'kv',
    'key',
    'list',
    '--local',
    '--binding',
    'CONTENT',
    '--persist-to',
    join(work, 'state'),
  ];
  const { code, stdout, stderr } = await runCollecting('npx', args);
  if (code !== 0) throw new Error(`wrangler kv key list failed:\n${stderr}`);
  return (JSON.parse(stdout) as { name: string }[]).map((key) => key.name).sort();
}

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'self-docs-dev-server-'));
  site = join(work, 'site');
  await cp('tests/fixtures/broken-pages', site, { recursive: true });
  server = start();
  await servedWhole();
  await answerOnce('/', (status) => status === 200);
}, 300_000);

afterAll(async () => {
  await server?.stop();
  await rm(work, { recursive: true, force: true });
});

describe('npm start with broken pages', () => {
  it('writes only the pointer into local KV, and serves every route from the build', async () => {
    expect(await within('wrangler kv key list', 120, localKvKeys())).toEqual([kvKeys.current, kvKeys.history].sort());
    for (const [path, status] of [
      ['/', 200],
      ['/syntax', 500],
      ['/imports', 500],
      ['/no-such-page', 404],
    ] as const)
      expect((await within(`GET ${path}`, 30, fetch(origin + path))).status).toBe(status);
  }, 180_000);

  it('serves the good page and shows each broken page its problems, with status 500', async () => {
    expect(await (await fetch(`${origin}/`)).text()).toContain('>Welcome</h1>');
    const syntax = await fetch(`${origin}/syntax`);
    expect(syntax.status).toBe(500);
    const html = await syntax.text();
    expect(html).toContain('This page failed to build');
    expect(html).toMatch(/docs\/syntax\.mdx(<!-- -->)?:10/);
    expect(html).toContain('escape { and } as \\{ and \\}');
    expect((await fetch(`${origin}/imports`)).status).toBe(500);
    expect(server.output()).toContain('docs/syntax.mdx:10: MDX syntax error');
  });

  it('brings a fixed page back and shows a newly broken one, without a restart', async () => {
    const syntaxFile = join(site, 'docs', 'syntax.mdx');
    await writeFile(syntaxFile, (await readFile(syntaxFile, 'utf8')).replace('stray { brace', 'stray \\{ brace'));
    const fixed = await answerOnce('/syntax', (status, body) => status !== 500 && body.includes('A stray'));
    expect(fixed.status).toBe(200);
    expect(fixed.body).toContain('A stray { brace here.');

    await writeFile(join(site, 'docs', 'index.md'), '---\ntitle: Welcome\n---\n\n# Welcome\n\n<Foo />\n');
    const broken = await answerOnce('/', (status, body) => status !== 200 && body.includes('&lt;Foo&gt;'));
    expect(broken.status).toBe(500);
    expect(broken.body).toContain('unknown component &lt;Foo&gt;');
    expect(broken.body).toMatch(/docs\/index\.md(<!-- -->)?:7/);
    expect(server.output()).toContain('docs/index.md:7: unknown component <Foo>');
    // The page that was fixed stays fixed.
    expect((await fetch(`${origin}/syntax`)).status).toBe(200);
  }, 300_000);

  it('serves what the content holds after a restart on the same state, and follows an edit', async () => {
    await server.stop();
    server = start();
    // Not the early build a busy machine may serve first (its broken page is a bare 500 until the
    // whole build has its problems).
    await servedWhole();
    const broken = await answerOnce('/', (status) => status !== 503);
    expect(broken.status).toBe(500);
    expect(broken.body).toContain('unknown component &lt;Foo&gt;');
    const syntax = await fetch(`${origin}/syntax`);
    expect(syntax.status).toBe(200);
    expect(await syntax.text()).toContain('A stray { brace here.');

    await writeFile(join(site, 'docs', 'index.md'), '---\ntitle: Welcome\n---\n\n# Welcome back\n');
    const fixed = await answerOnce('/', (status, body) => status === 200 && body.includes('Welcome back'));
    expect(fixed.body).toContain('>Welcome back</h1>');
  }, 180_000);
});

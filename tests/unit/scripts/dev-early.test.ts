// The real `npm start` (scripts/dev.ts) serving before its first build is done: with the
// background compile held (SELF_DEV_HOLD_FILE), a deep page asked for is served while the other
// pages wait, searches say the index is not written yet, and an edit made meanwhile shows once the
// build is done; an older version's page and a blog post are served as well; the build it finishes
// is the build `npm run build` makes of the same content in development (the same id). Ports:
// DEV_EARLY_PORT (default 8820) and the one after it; its own folders.

import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGroup, type GroupedChild } from '../../../scripts/cli/process-group.ts';
import { offlineEnv } from '../../../scripts/cli/run.ts';
import { npmStartArgs } from '../../../scripts/local/npm-start-args.ts';
import { runBuild } from '../../../scripts/compiler/pipeline.ts';

const port = Number(process.env.DEV_EARLY_PORT ?? 8820);
const deep = '/docs/tutorial/deploy-your-site';
let work: string;

/** `npm start` on a copy of a site, its compile held; and the id of the build `runBuild` makes of it. */
interface HeldStart {
  origin: string;
  site: string;
  hold: string;
  server: GroupedChild;
  plainId: string;
}
let tutorial: HeldStart;
let versioned: HeldStart;

async function startHeld(name: string, port: number, fixtures: [from: string, to: string][]): Promise<HeldStart> {
  const site = join(work, name, 'site');
  const hold = join(work, name, 'hold');
  // Absolute: the other site's build, meanwhile, runs its config in its own folder (load-config-module.ts).
  for (const [from, to] of fixtures) await cp(resolve(from), join(site, to), { recursive: true });
  await writeFile(hold, '');
  const plain = await runBuild({
    siteDir: site,
    outDir: join(work, name, 'plain'),
    development: true,
    tolerateBrokenPages: true,
    searchInKv: true,
  });
  const server = startGroup('npx', npmStartArgs(site, join(work, name), { cache: join(work, name, 'cache') }), {
    stdio: 'pipe',
    env: { ...offlineEnv, PORT: String(port), SELF_BUILD_THREADS: '0', SELF_DEV_HOLD_FILE: hold },
  });
  return { origin: `http://127.0.0.1:${port}`, site, hold, server, plainId: plain.buildId };
}

/** The answer once `ready` accepts it. */
async function answerOnce(
  { server, origin }: HeldStart,
  path: string,
  ready: (status: number, body: string) => boolean,
  init?: RequestInit,
): Promise<{ status: number; body: string }> {
  for (;;) {
    const exit = await Promise.race([server.exited, new Promise((resolve) => setTimeout(resolve, 300, null))]);
    if (exit) throw new Error(`npm start ended:\n${server.output()}`);
    const response = await fetch(origin + path, init).catch(() => undefined);
    const body = response ? await response.text() : '';
    if (response && ready(response.status, body)) return { status: response.status, body };
  }
}

const searchRequest = (): RequestInit => ({
  method: 'POST',
  body: JSON.stringify({ requests: [{ indexName: 'docs', query: 'deploy' }] }),
});

/** The id of the build npm start said it finished. */
const builtId = ({ server }: HeldStart) => /built \d+ pages \(build ([a-f0-9]+)\)/.exec(server.output())?.[1];

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'self-docs-dev-early-'));
  [tutorial, versioned] = await Promise.all([
    startHeld('tutorial', port, [['tests/fixtures/docusaurus-site', '.']]),
    startHeld('versioned', port + 1, [
      ['tests/fixtures/docusaurus-versions', '.'],
      ['tests/fixtures/docusaurus-blog/blog', 'blog'],
    ]),
  ]);
}, 300_000);

afterAll(async () => {
  await Promise.all([tutorial?.server.stop(), versioned?.server.stop()]);
  await rm(work, { recursive: true, force: true });
});

describe('npm start serving before its first build is done', () => {
  it('serves a page asked for while the rest of the build is held, and the whole build once released', async () => {
    const { server, origin, site, hold } = tutorial;
    const page = await answerOnce(tutorial, deep, (status) => status !== 503);
    expect(page.status).toBe(200);
    expect(page.body).toContain('Deploy your site');
    expect(server.output()).toContain('SELF Docs: http://127.0.0.1:');
    // The other pages wait: the build is not done.
    expect(server.output()).not.toMatch(/built \d+ pages/);
    const search = await fetch(`${origin}/1/indexes/docs/queries`, searchRequest());
    expect(search.status).toBe(503);
    expect(((await search.json()) as { message: string }).message).toContain('still building');

    // An edit made while the build runs shows once it is done.
    const intro = join(site, 'docs', 'intro.md');
    const original = await readFile(intro, 'utf8');
    await writeFile(intro, `${original}\n\nEdited while the site was building.\n`);
    await rm(hold);
    const searched = await answerOnce(tutorial, '/1/indexes/docs/queries', (status) => status !== 503, searchRequest());
    expect(searched.status).toBe(200);
    const edited = await answerOnce(tutorial, '/docs/intro', (status, body) => body.includes('Edited while the site'));
    expect(edited.status).toBe(200);
    expect((await fetch(origin + deep)).status).toBe(200);

    // The first build is the content as it was read, built whole: the same build as without serving early.
    expect(builtId(tutorial)).toBe(tutorial.plainId);
  }, 240_000);

  it("serves an older version's page and a blog post while the docs are held", async () => {
    const older = await answerOnce(versioned, '/docs/1.0/guides/install', (status) => status !== 503);
    expect(older.status).toBe(200);
    expect(older.body).toContain('assembler command of release 1.0');
    const post = await answerOnce(versioned, '/blog/2024/03/05/tips', (status) => status !== 503);
    expect(post.status).toBe(200);
    expect(post.body).toContain('Three tips for faster builds');
    expect(versioned.server.output()).not.toMatch(/built \d+ pages/);

    await rm(versioned.hold);
    await answerOnce(versioned, '/docs/next/intro', () => builtId(versioned) !== undefined);
    expect(builtId(versioned)).toBe(versioned.plainId);
  }, 240_000);
});

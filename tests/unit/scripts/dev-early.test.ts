// The real `npm start` (scripts/dev.ts) serving before its first build is done: with the
// background compile held (SELF_DEV_HOLD_FILE), a deep page asked for is served while the other
// pages wait, searches say the index is not written yet, and an edit made meanwhile shows once the
// build is done; the build it finishes is the build `npm run build` makes of the same content in
// development (the same id). Port: DEV_EARLY_PORT (default 8820); its own folders.

import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGroup, type GroupedChild } from '../../../scripts/cli/process-group.ts';
import { offlineEnv } from '../../../scripts/cli/run.ts';
import { runBuild } from '../../../scripts/compiler/pipeline.ts';

const fixture = 'tests/fixtures/docusaurus-site';
const port = Number(process.env.DEV_EARLY_PORT ?? 8820);
const origin = `http://127.0.0.1:${port}`;
const deep = '/docs/tutorial/deploy-your-site';
let work: string;
let site: string;
let hold: string;
let server: GroupedChild;
/** The build id of the copy built whole by `runBuild`, as npm start builds it. */
let plainId: string;

/** The answer once `ready` accepts it. */
async function answerOnce(
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

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'self-docs-dev-early-'));
  site = join(work, 'site');
  hold = join(work, 'hold');
  await cp(fixture, site, { recursive: true });
  await writeFile(hold, '');
  const plain = await runBuild({
    siteDir: site,
    outDir: join(work, 'plain'),
    development: true,
    tolerateBrokenPages: true,
    searchInKv: true,
  });
  plainId = plain.buildId;
  server = startGroup(
    'npx',
    [
      'tsx',
      'scripts/dev.ts',
      '--content',
      site,
      '--out',
      join(work, 'dist'),
      '--persist',
      join(work, 'state'),
      '--cache',
      join(work, 'cache'),
    ],
    {
      stdio: 'pipe',
      env: { ...offlineEnv, PORT: String(port), SELF_BUILD_THREADS: '0', SELF_DEV_HOLD_FILE: hold },
    },
  );
}, 120_000);

afterAll(async () => {
  await server?.stop();
  await rm(work, { recursive: true, force: true });
});

describe('npm start serving before its first build is done', () => {
  it('serves a page asked for while the rest of the build is held, and the whole build once released', async () => {
    const page = await answerOnce(deep, (status) => status !== 503);
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
    expect((await answerOnce('/1/indexes/docs/queries', (status) => status !== 503, searchRequest())).status).toBe(200);
    const edited = await answerOnce('/docs/intro', (status, body) => body.includes('Edited while the site'));
    expect(edited.status).toBe(200);
    expect((await fetch(origin + deep)).status).toBe(200);

    // The first build is the content as it was read, built whole: the same build as without serving early.
    expect(/built \d+ pages \(build ([a-f0-9]+)\)/.exec(server.output())?.[1]).toBe(plainId);
  }, 240_000);
});

// `npm run bench -- --live-reload [--content DIR] [--file REL --route PATH] [--edits N] [--work DIR] [--keep]`:
// the author's loop under `npm start`, in Chromium. A copy of the site is served; each edit writes one page's
// file and times until the new text is in the open tab, and says what the time is made of:
// detect (the watch and its settle time), build, KV write, notify (the event reaching the tab),
// fetch (the page's new HTML) and morph. Prints the median of each, with the load average beside
// it (the figures mean little on a busy machine), and writes dist/bench/live-reload.json. `--work`:
// where the copy, its build and its state go (a large generated site's beside it), not a temp folder;
// `--keep` leaves them there, with npm start's output in `npm-start.log`. A large site is served
// while its pages compile (early-site.ts): the edits begin once every page is built.

import { createWriteStream } from 'node:fs';
import { cp, mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { chromium } from '@playwright/test';
import { chromiumFlags, chromiumPath } from '../cli/chromium.ts';
import { startGroup } from '../cli/process-group.ts';
import { offlineEnv } from '../cli/run.ts';
import { npmStartArgs, wholeBuildServed } from '../local/npm-start-args.ts';
import { waitUntilAnswering } from './server.ts';

const steps = ['detect', 'build', 'kv', 'notify', 'fetch', 'morph', 'total'] as const;
type Edit = Record<(typeof steps)[number], number>;

function option(argv: string[], flag: string): string | undefined {
  const index = argv.indexOf(flag);
  return index === -1 ? undefined : argv[index + 1];
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

export async function benchLiveReload(argv: string[]): Promise<void> {
  const content = resolve(option(argv, '--content') ?? 'content');
  const file = option(argv, '--file') ?? 'docs/roadmap/super-app-testnet.md';
  const route = option(argv, '--route') ?? `/${file.replace(/^docs\//, '').replace(/\.mdx?$/, '')}`;
  const edits = Number(option(argv, '--edits') ?? 10);
  const port = Number(process.env.PORT ?? 8796);
  const workOption = option(argv, '--work');
  if (workOption) await mkdir(resolve(workOption), { recursive: true });
  const work = await mkdtemp(join(workOption ? resolve(workOption) : tmpdir(), 'self-docs-live-reload-'));
  const site = join(work, 'site');
  console.log(`copying ${content}…`);
  await cp(content, site, { recursive: true });
  // The copy's config still finds `self-docs/config`, which resolves only inside this repository.
  await mkdir(join(site, 'node_modules'), { recursive: true });
  await symlink(resolve('.'), join(site, 'node_modules', 'self-docs'), 'dir');
  const cache = option(argv, '--cache');
  const server = startGroup('npx', npmStartArgs(site, work, cache ? { cache: resolve(cache) } : {}), {
    stdio: 'pipe',
    env: { ...offlineEnv, PORT: String(port), SELF_LIVE_RELOAD_TIMINGS: '1' },
  });
  const log = createWriteStream(join(work, 'npm-start.log'));
  let recent = '';
  // Every build's timings, with the server's last line on what it built before them: read from the
  // whole stream, as a build may say more (a site's broken pages) than the process's kept tail holds.
  const builds: { timings: string; said?: string }[] = [];
  let said: string | undefined;
  let partial = '';
  const note = (line: string) => {
    if (line.startsWith('live-reload-timings ')) {
      builds.push({ timings: line.slice('live-reload-timings '.length), said });
      said = undefined;
    } else if (line.startsWith('building every page') || line.startsWith('built ')) said = line.trim();
  };
  const served = new Promise<void>((resolve) => {
    const watch = (chunk: Buffer) => {
      log.write(chunk);
      recent = (recent + chunk.toString()).slice(-4096);
      const lines = (partial + chunk.toString()).split('\n');
      partial = lines.pop()!;
      lines.forEach(note);
      if (wholeBuildServed.test(recent)) resolve();
    };
    server.child.stdout?.on('data', watch);
    server.child.stderr?.on('data', watch);
  });
  const origin = `http://127.0.0.1:${port}`;
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumFlags });
  try {
    console.log('starting npm start…');
    await waitUntilAnswering(origin, server.exited, 60 * 60_000);
    await Promise.race([
      served,
      server.exited.then(({ code }) =>
        Promise.reject(new Error(`npm start exited with ${code} before every page was built`)),
      ),
    ]);
    console.log('every page is built');
    const page = await browser.newPage();
    await page.goto(origin + route);
    await page.waitForSelector('html[data-live-reload="listening"]', { state: 'attached', timeout: 300_000 });
    const path = join(site, file);
    const original = await readFile(path, 'utf8');
    const results: Edit[] = [];
    for (let edit = 1; edit <= edits; edit++) {
      const marker = `Live reload mark ${edit}-${Date.now()}.`;
      const timings = builds.length;
      // The marker is in the tab's body: a MutationObserver notes when, in epoch milliseconds.
      // A string, not a function: tsx names functions with a helper the page does not have.
      const seen = page.evaluate(`new Promise((done) => {
        const text = ${JSON.stringify(marker)};
        const observer = new MutationObserver(() => {
          if (document.body.textContent.includes(text)) { observer.disconnect(); done(Date.now()); }
        });
        observer.observe(document.body, { childList: true, subtree: true, characterData: true });
      })`) as Promise<number>;
      const written = Date.now();
      await writeFile(path, original.replace(/^(# .*|---\n[\s\S]*?\n---)\n/m, `$1\n\n${marker}\n`));
      const seenAt = await seen;
      // The server's line comes with the build; wait for it.
      while (builds.length <= timings) await new Promise((r) => setTimeout(r, 20));
      const build = builds[timings]!;
      const server_ = JSON.parse(build.timings) as Record<'started' | 'built' | 'written' | 'notified', number>;
      const marks = await page.evaluate(`['event', 'fetched', 'morphed'].map((name) =>
        performance.timeOrigin + (performance.getEntriesByName('live-reload:' + name).at(-1)?.startTime ?? 0))`);
      const [event, fetched, morphed] = marks as [number, number, number];
      results.push({
        detect: server_.started - written,
        build: server_.built - server_.started,
        kv: server_.written - server_.built,
        notify: event - server_.written,
        fetch: fetched - event,
        morph: morphed - fetched,
        total: seenAt - written,
      });
      // What the server said of it: one page rebuilt, or every page and why.
      console.log(`edit ${edit}: ${Math.round(seenAt - written)} ms${build.said ? ` (${build.said})` : ''}`);
      await new Promise((r) => setTimeout(r, 500));
    }
    const medians = Object.fromEntries(steps.map((step) => [step, Math.round(median(results.map((r) => r[step])))]));
    const load = loadavg().map((value) => value.toFixed(1));
    console.log(`\nmedian of ${edits} edits, ${content} (${route}), load average ${load.join(' ')}:`);
    for (const step of steps) console.log(`  ${step.padEnd(8)} ${String(medians[step]).padStart(7)} ms`);
    await mkdir(join('dist', 'bench'), { recursive: true });
    await writeFile(
      join('dist', 'bench', option(argv, '--content') ? `live-reload-${basename(content)}.json` : 'live-reload.json'),
      JSON.stringify({ content, route, load, edits: results, medians }, null, 2),
    );
  } finally {
    await browser.close();
    await server.stop();
    log.end();
    if (argv.includes('--keep')) console.log(`kept ${work}`);
    else await rm(work, { recursive: true, force: true });
  }
}

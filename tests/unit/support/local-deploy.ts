// For the deploy tests: run `npm run deploy` as an operator does, make builds that differ, and
// serve a local deploy with Miniflare the way `wrangler dev --persist-to DIR --assets DIR/assets`
// does (KV from the persist folder, static assets from its `assets/`).

import { execFileSync } from 'node:child_process';
import { copyFile, cp, mkdir, readFile, symlink, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import type { Miniflare } from 'miniflare';
import { kvKeys, type Manifest } from '../../../client/contract/storage.ts';
import { readKvEntries } from '../../../scripts/compiler/outputs/kv-writer.ts';
import { localAssetsDir } from '../../../scripts/deploy/target.ts';
import { startWorkerdSite, workerdOptions, type WorkerdSite } from '../../../scripts/local/workerd.ts';
import { runCollecting, type CommandOutput } from '../../../scripts/cli/run.ts';

export { bundleWorker } from '../../../scripts/local/workerd.ts';

export type CliResult = CommandOutput;

/**
 * `npm run deploy -- <args>` in `checkout` (by default this one), waiting for it to exit: Node with
 * tsx's loader, as package.json runs it, without npx's start-up (half a CPU second) each time.
 */
export function deployCli(args: string[], checkout = '.'): Promise<CliResult> {
  return runCollecting('sh', ['-c', 'cd "$0" && exec node --import tsx scripts/deploy.ts "$@"', checkout, ...args]);
}

/** A fresh checkout: the tracked files as they are in this worktree, and its node_modules. */
export async function freshClone(dir: string): Promise<string> {
  const files = execFileSync('git', ['ls-files', '-z'], { encoding: 'utf8' }).split('\0').filter(Boolean);
  for (const folder of new Set(files.map((file) => dirname(join(dir, file))))) await mkdir(folder, { recursive: true });
  for (const file of files) {
    await copyFile(file, join(dir, file)).catch((error: NodeJS.ErrnoException) => {
      // A file deleted in the worktree but not yet from the index is not part of the checkout.
      if (error.code !== 'ENOENT') throw error;
    });
  }
  await symlink(resolve('node_modules'), join(dir, 'node_modules'));
  return dir;
}

/**
 * A copy of tests/fixtures/site (outside git, so no page has a last-modified date); with a
 * `heading`, another heading on /intro and another diagram (one per heading), so its build has its
 * own id and its own hashed image.
 */
export async function writeSiteVariant(dir: string, heading?: string): Promise<string> {
  await cp('tests/fixtures/site', dir, { recursive: true });
  const config = join(dir, 'site.config.ts');
  // Outside this package `self-docs/config` does not resolve: the copy names the file itself.
  const api = resolve('scripts/compiler/config/define-site-config.ts');
  await writeFile(config, (await readFile(config, 'utf8')).replace("'self-docs/config'", JSON.stringify(api)));
  if (heading === undefined) return dir;
  const intro = join(dir, 'docs', 'intro.md');
  await writeFile(intro, (await readFile(intro, 'utf8')).replace('# Welcome to the fixture', `# ${heading}`));
  const diagram = join(dir, 'docs', 'diagram.svg');
  await writeFile(diagram, `${await readFile(diagram, 'utf8')}<!-- ${heading} -->\n`);
  return dir;
}

/** A copy of a built site under another build id, as if built from other content. */
export async function cloneBuild(outDir: string, dest: string, buildId: string): Promise<string> {
  const from = (await readFile(join(outDir, 'kv', 'build-id'), 'utf8')).trim();
  const renamed = (await readKvEntries(outDir)).map(({ key, value }) => ({
    key: key.replace(`b:${from}:`, `b:${buildId}:`),
    value: key === kvKeys.manifest(from) ? JSON.stringify({ ...(JSON.parse(value) as Manifest), buildId }) : value,
  }));
  await mkdir(join(dest, 'kv'), { recursive: true });
  await writeFile(join(dest, 'kv', 'bulk-000.json'), JSON.stringify(renamed));
  await writeFile(join(dest, 'kv', 'build-id'), buildId);
  await cp(join(outDir, 'kv', 'keys.json'), join(dest, 'kv', 'keys.json'));
  await cp(join(outDir, 'client'), join(dest, 'client'), { recursive: true });
  return dest;
}

export interface LocalSite {
  origin: string;
  /** The KV namespace the worker reads, straight from the persist folder. */
  kv(): ReturnType<Miniflare['getKVNamespace']>;
  /** Picks up new static assets, as wrangler dev does when its assets folder changes. */
  reload(): Promise<void>;
  stop(): Promise<void>;
}

/** The worker on workerd over a local deploy's state (`bundleDir` from `bundleWorker`). */
export async function startLocalSite(persistDir: string, bundleDir: string, port: number): Promise<LocalSite> {
  const site: WorkerdSite = {
    bundleDir,
    persist: persistDir,
    port,
    assetsDir: localAssetsDir(persistDir),
    bindings: { HTML_CACHE_TTL: '300', SEARCH_CACHE_TTL: '300' },
  };
  const { mf, origin } = await startWorkerdSite(site);
  return {
    origin,
    // A fresh stub each time: a reload retires the old ones.
    kv: () => mf.getKVNamespace('CONTENT'),
    reload: () => mf.setOptions(workerdOptions(site)),
    stop: () => mf.dispose(),
  };
}

export interface PageSeen {
  html: string;
  /** The page's h1. */
  heading: string;
  /** The hashed images it shows. */
  images: string[];
  /** Every /assets/ file it loads: scripts, styles, media, fonts. */
  assets: string[];
}

/** What a reader of `path` sees. */
export async function readPage(origin: string, path: string): Promise<PageSeen> {
  const html = await (await fetch(new URL(path, origin))).text();
  return {
    html,
    heading: /<h1[^>]*>(.*?)<\/h1>/s.exec(html)?.[1]?.replace(/<[^>]+>/g, '') ?? '',
    images: [...html.matchAll(/\/assets\/media\/[\w.-]+/g)].map((match) => match[0]),
    assets: [...new Set([...html.matchAll(/\/assets\/[\w./-]+\.(?:js|css|svg|png|woff2)/g)].map((match) => match[0]))],
  };
}

export async function statusOf(origin: string, path: string): Promise<number> {
  const response = await fetch(new URL(path, origin));
  await response.body?.cancel();
  return response.status;
}

/**
 * Asks again until `check` passes, or until a read sent once `seconds` had passed has answered (a
 * deploy takes effect within a window): on a busy machine a slow answer to a read sent inside the
 * window is not taken for the verdict, only one the worker got after the window closed.
 */
export async function waitFor<T>(seconds: number, read: () => Promise<T>, check: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + seconds * 1000;
  for (;;) {
    const sentAfterDeadline = Date.now() > deadline;
    const value = await read();
    if (check(value) || sentAfterDeadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

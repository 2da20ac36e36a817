// `npm run bench:first-search -- <kept folder> <worktree>… [--samples N] [--query Q] [--services-up]
// [--port P] [--profile DIR]`:
// the first search on a cold isolate, the workers of several worktrees taking turns sample by sample
// on fresh workerds over one kept build (`npm run bench:scale -- --pages N --keep`). Whole
// `--search-only` runs of one worker then another drift with the machine by several ms; turns
// taken within one run put the same drift on each. Each worker is bundled from the bench's own-CPU
// entry (own-cpu.ts): workerd's CPU is the worker's own, and KV is Miniflare's simulator, whose
// start a cold first search pays unless `--services-up` reads a key through it first. The answers
// are compared too: one digest a worktree over every sample's answer, timings and queryIDs aside.
// `--port P`: each workerd listens on P and its direct socket on P + 1 (default: any free ports),
// for a machine shared with other servers. `--profile DIR` (needs `--port`; the inspector takes
// P + 2): each sample's first search is profiled by V8 (first-search-profile.ts), written to
// DIR/<worktree>-<sample>.cpuprofile, and each worker's self time is summed up by file and function.
// `<worktree>@<kept folder>` serves that worker its own kept build (a change to what a build stores,
// each worker on the build its own code writes).

import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import type { SourceMapPayload } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { kvKeys } from '../../client/contract/storage.ts';
import { bundleWorker, workerdOptions } from '../local/workerd.ts';
import { median } from './lighthouse-median.ts';
import { searchBody } from './load.ts';
import { childrenNamed, processRunSeconds } from './process-tree.ts';
import { profiled, profileSummary, summaryText, type CpuProfile } from './first-search-profile.ts';

export interface FirstSearchAbOptions {
  keptDir: string;
  worktrees: string[];
  /** A worker's own kept build, by its index in `worktrees`; the others serve `keptDir`. */
  keptDirs: (string | undefined)[];
  samples: number;
  query: string;
  servicesUp: boolean;
  /** Miniflare's port, the direct socket's the next; 0: any free ports. */
  port: number;
  /** Where each sample's CPU profile goes; absent: no profiling. */
  profileDir?: string;
}

/** The order the workers take in sample `sample`: reversed every other sample, so neither goes first always. */
export function turnOrder(sample: number, workers: number): number[] {
  const order = Array.from({ length: workers }, (_, i) => i);
  return sample % 2 === 1 ? order.reverse() : order;
}

/** An answer without what differs from one search to the next: its timing and its signed queryID. */
export function comparableAnswer(body: string): string {
  return body
    .replace(/"processingTimeMS":\d+/g, '"processingTimeMS":0')
    .replace(/"queryID":"[0-9a-f]*"/g, '"queryID":""');
}

export function firstSearchAbOptions(argv: string[]): FirstSearchAbOptions {
  const flags = new Map<string, string>();
  const positional: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--services-up') flags.set(arg, '');
    else if (arg.startsWith('--')) flags.set(arg, argv[++i] ?? '');
    else positional.push(arg);
  }
  const [keptDir, ...worktrees] = positional;
  if (!keptDir || worktrees.length === 0)
    throw new Error(
      'usage: npm run bench:first-search -- <kept folder> <worktree>[@<kept folder>]… [--samples N] [--query Q] [--services-up] [--port P] [--profile DIR]',
    );
  const samples = Number(flags.get('--samples') ?? 9);
  if (!Number.isInteger(samples) || samples < 1)
    throw new Error(`--samples: "${flags.get('--samples')}" is not a count`);
  const port = Number(flags.get('--port') ?? 0);
  if (!Number.isInteger(port) || port < 0 || port > 65533)
    throw new Error(`--port: "${flags.get('--port')}" is not a port`);
  const profileDir = flags.get('--profile');
  if (profileDir !== undefined && port === 0) throw new Error('--profile needs --port (its inspector takes port + 2)');
  return {
    keptDir: resolve(keptDir),
    worktrees: worktrees.map((worktree) => resolve(worktree.split('@')[0]!)),
    keptDirs: worktrees.map((worktree) => (worktree.includes('@') ? resolve(worktree.split('@')[1]!) : undefined)),
    samples,
    // The scale bench's first query at 10,000 generated pages (seed 1).
    query: flags.get('--query') ?? 'stywem upgr',
    servicesUp: flags.has('--services-up'),
    port,
    ...(profileDir ? { profileDir: resolve(profileDir) } : {}),
  };
}

interface Sampled {
  cpuMs: number[];
  answers: ReturnType<typeof createHash>;
  profiles: CpuProfile[];
}

/** A kept build's output folder and KV state. */
function keptBuild(keptDir: string): { outDir: string; persist: string } {
  const rebuilt = join(keptDir, 'out-again');
  const outDir = existsSync(rebuilt) ? rebuilt : join(keptDir, 'out');
  const persist = join(keptDir, 'state');
  for (const dir of [outDir, persist]) if (!existsSync(dir)) throw new Error(`${dir} is missing: pass a --keep folder`);
  return { outDir, persist };
}

export async function firstSearchAb(options: FirstSearchAbOptions): Promise<void> {
  const kept = options.worktrees.map((_, i) => keptBuild(options.keptDirs[i] ?? options.keptDir));
  const work = await mkdtemp(join(tmpdir(), 'self-docs-first-search-ab-'));
  try {
    const bundles: string[] = [];
    for (const [i, worktree] of options.worktrees.entries())
      bundles.push(await bundleWorker(join(work, String(i)), join(worktree, 'scripts/bench/no-edge-cache-worker.ts')));
    const sampled: Sampled[] = bundles.map(() => ({ cpuMs: [], answers: createHash('sha256'), profiles: [] }));
    if (options.profileDir) await mkdir(options.profileDir, { recursive: true });
    for (let sample = 0; sample < options.samples; sample++)
      for (const i of turnOrder(sample, bundles.length)) {
        const { cpuMs, body, profile } = await firstSearch(bundles[i]!, kept[i]!.outDir, kept[i]!.persist, options);
        sampled[i]!.cpuMs.push(cpuMs);
        sampled[i]!.answers.update(comparableAnswer(body));
        if (profile && options.profileDir) {
          sampled[i]!.profiles.push(profile);
          await writeFile(join(options.profileDir, `${i}-${sample}.cpuprofile`), JSON.stringify(profile));
        }
      }
    for (const [i, worktree] of options.worktrees.entries()) {
      const { cpuMs, answers, profiles } = sampled[i]!;
      console.log(
        `${worktree}: first search ${median(cpuMs)?.toFixed(2)} ms CPU (median of ${cpuMs.length}: ` +
          `${cpuMs.map((ms) => ms.toFixed(1)).join(' ')}), answers ${answers.digest('hex').slice(0, 16)}`,
      );
      if (profiles.length > 0) {
        const map = JSON.parse(await readFile(await sourceMapOf(bundles[i]!), 'utf8')) as SourceMapPayload;
        console.log(summaryText(profileSummary(profiles, map)));
      }
    }
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/** One fresh workerd: its isolate started by a request that reads nothing, then the query, its CPU timed. */
async function firstSearch(
  bundleDir: string,
  outDir: string,
  persist: string,
  options: FirstSearchAbOptions,
): Promise<{ cpuMs: number; body: string; profile?: CpuProfile }> {
  const { Miniflare } = await import('miniflare');
  const before = new Set(childrenNamed(process.pid, 'workerd'));
  const mf = new Miniflare({
    ...workerdOptions({
      bundleDir,
      persist,
      port: options.port,
      ...(options.port ? { directPort: options.port + 1 } : {}),
      bindings: { QUERY_ID_SECRET: 'ab'.repeat(32), SEARCH_CACHE_TTL: '300', HTML_CACHE_TTL: '0' },
      assetsFromDisk: join(outDir, 'client'),
      directSocket: true,
    }),
    ...(options.profileDir ? { inspectorPort: options.port + 2 } : {}),
  });
  try {
    await mf.ready;
    const origin = (await mf.unsafeGetDirectURL()).origin;
    const pid = childrenNamed(process.pid, 'workerd').find((child) => !before.has(child));
    if (pid === undefined) throw new Error('no new workerd process');
    if (options.servicesUp) await (await mf.getKVNamespace('CONTENT')).get(kvKeys.current);
    await (await fetch(`${origin}/1/indexes/*/queries`)).arrayBuffer();
    const search = async () => {
      const response = await fetch(`${origin}/1/indexes/*/queries`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: searchBody(options.query),
      });
      return { response, body: await response.text() };
    };
    const cpuBefore = processRunSeconds(pid);
    const { result, profile } = options.profileDir
      ? await profiled(options.port + 2, search)
      : { result: await search(), profile: undefined };
    const cpuAfter = processRunSeconds(pid);
    const { response, body } = result;
    if (!response.ok || cpuBefore === null || cpuAfter === null)
      throw new Error(`the first search failed: ${response.status} ${body.slice(0, 200)}`);
    return { cpuMs: (cpuAfter - cpuBefore) * 1000, body, ...(profile ? { profile } : {}) };
  } finally {
    await mf.dispose();
  }
}

/** The bundle's source map (wrangler names it after the entry, which bundleWorker renames to index.js). */
async function sourceMapOf(bundleDir: string): Promise<string> {
  const map = (await readdir(bundleDir)).find((name) => name.endsWith('.js.map'));
  if (!map) throw new Error(`${bundleDir} has no source map to name the profile's functions`);
  return join(bundleDir, map);
}

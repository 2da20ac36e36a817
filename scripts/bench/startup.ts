// A cold isolate: the worker script's size as uploaded, and the time from starting workerd with it
// to its first answer, beside a one-line worker started the same way in the same run. Each start
// is a fresh workerd (Miniflare) with a fresh cache over the same seeded KV; the two workers take
// turns, so a drift of the machine's speed falls on both alike.

import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { gzipSync } from 'node:zlib';
import type { Miniflare } from 'miniflare';
import { bundleModules, bundleWorker, workerdOptions } from '../local/workerd.ts';
import { childrenNamed, processRunSeconds } from './process-tree.ts';

/**
 * The baseline: a POST answers 400 straight away (as a malformed search does), a GET reads one KV
 * key (as every page does first), so both workers start the same KV service before answering.
 */
const oneLineWorker =
  "export default { fetch: async (request, env) => request.method === 'POST' ? new Response('{}', { status: 400 }) : new Response(await env.CONTENT.get('build:current')) };\n";

/** What the figure measures: a search body the worker refuses before touching KV. */
const malformedSearch = { path: '/1/indexes/*/queries', init: { method: 'POST', body: '{"requests": [' } };

export interface ScriptBytes {
  /** Every module uploaded (the main script and any beside it), as wrangler's dry run writes them. */
  bytes: number;
  gzipBytes: number;
  modules: Record<string, number>;
}

export interface StartupTimes {
  /** Start to the first answer of a malformed search body (no rendering, no KV). */
  noRenderMs: number;
  /** Start to the first byte of a doc page rendered by a fresh isolate (KV read, React render). */
  firstRenderMs: number;
  /**
   * The CPU workerd spent up to each answer (its threads' run time), which other work on a shared
   * machine moves far less than the wall time.
   */
  noRenderCpuMs: number;
  firstRenderCpuMs: number;
}

export interface StartupResult {
  rounds: number;
  route: string;
  script: ScriptBytes;
  /** Medians of the rounds. */
  worker: StartupTimes;
  oneLine: StartupTimes;
  /** worker − one-line: what the script itself costs a cold isolate. */
  overhead: StartupTimes;
  /** Another bundle timed in the same rounds (`--startup-compare DIR`, e.g. an older commit's). */
  compared?: { bundleDir: string; script: ScriptBytes; times: StartupTimes; overhead: StartupTimes };
}

/** The modules of a `wrangler deploy --dry-run --outdir` folder, as they would be uploaded. */
export function uploadedBytes(bundleDir: string): ScriptBytes {
  const modules: Record<string, number> = {};
  let gzipBytes = 0;
  for (const [name, content] of bundleModules(bundleDir)) {
    modules[name] = content.length;
    gzipBytes += gzipSync(content).length;
  }
  return { bytes: Object.values(modules).reduce((sum, bytes) => sum + bytes, 0), gzipBytes, modules };
}

export async function benchStartup(options: {
  /** wrangler's local state folder, seeded with the build (KV). */
  persist: string;
  /** A doc page the build holds. */
  route: string;
  rounds: number;
  /** A `wrangler deploy --dry-run --outdir` folder to time beside the worker of this tree. */
  compareBundleDir?: string;
}): Promise<StartupResult> {
  const workDir = await mkdtemp(join(tmpdir(), 'self-docs-bench-startup-'));
  try {
    const bundleDir = await bundleWorker(workDir);
    const oneLineDir = join(workDir, 'one-line');
    await mkdir(oneLineDir);
    await writeFile(join(oneLineDir, 'index.js'), oneLineWorker);

    const samples = { worker: [] as Sample[], oneLine: [] as Sample[], compared: [] as Sample[] };
    const workers: [keyof typeof samples, string][] = [
      ['oneLine', oneLineDir],
      ['worker', bundleDir],
      ...(options.compareBundleDir ? [['compared', options.compareBundleDir] as [keyof typeof samples, string]] : []),
    ];
    for (let round = 0; round < options.rounds; round++) {
      for (const [name, dir] of workers) {
        const start = (request: { path: string; init?: RequestInit }) =>
          firstAnswer(
            { bundleDir: dir, persist: options.persist, cacheDir: join(workDir, `cache-${name}-${round}`) },
            request,
          );
        const noRender = await start(malformedSearch);
        const render = await start({ path: options.route });
        samples[name].push({ noRender, render });
      }
    }
    const worker = medians(samples.worker);
    const oneLine = medians(samples.oneLine);
    return {
      rounds: options.rounds,
      route: options.route,
      script: uploadedBytes(bundleDir),
      worker,
      oneLine,
      overhead: minus(worker, oneLine),
      ...(options.compareBundleDir
        ? {
            compared: {
              bundleDir: options.compareBundleDir,
              script: uploadedBytes(options.compareBundleDir),
              times: medians(samples.compared),
              overhead: minus(medians(samples.compared), oneLine),
            },
          }
        : {}),
    };
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}

interface Answer {
  wallMs: number;
  cpuMs: number;
}
interface Sample {
  noRender: Answer;
  render: Answer;
}

function minus(times: StartupTimes, baseline: StartupTimes): StartupTimes {
  return {
    noRenderMs: round1(times.noRenderMs - baseline.noRenderMs),
    firstRenderMs: round1(times.firstRenderMs - baseline.firstRenderMs),
    noRenderCpuMs: round1(times.noRenderCpuMs - baseline.noRenderCpuMs),
    firstRenderCpuMs: round1(times.firstRenderCpuMs - baseline.firstRenderCpuMs),
  };
}

function medians(samples: Sample[]): StartupTimes {
  return {
    noRenderMs: median(samples.map((sample) => sample.noRender.wallMs)),
    firstRenderMs: median(samples.map((sample) => sample.render.wallMs)),
    noRenderCpuMs: median(samples.map((sample) => sample.noRender.cpuMs)),
    firstRenderCpuMs: median(samples.map((sample) => sample.render.cpuMs)),
  };
}

/** Starts workerd with the bundle and times it to the first byte of one answer; then stops it. */
async function firstAnswer(
  site: { bundleDir: string; persist: string; cacheDir: string },
  request: { path: string; init?: RequestInit },
): Promise<Answer> {
  const { Miniflare } = await import('miniflare');
  // The modules named one by one, as wrangler uploads them: given only the main script, Miniflare
  // would parse it in Node to find its imports, a cost that grows with the script and is not workerd's.
  const {
    scriptPath: _script,
    modulesRoot: _root,
    modulesRules: _rules,
    ...options
  } = workerdOptions({
    bundleDir: site.bundleDir,
    persist: site.persist,
    port: 0,
    bindings: {},
    cachePersist: site.cacheDir,
  });
  const modules = uploadedModules(site.bundleDir);
  const running = new Set(childrenNamed(process.pid, 'workerd'));
  const started = performance.now();
  const mf: Miniflare = new Miniflare({ ...options, modules, modulesRoot: site.bundleDir });
  try {
    const origin = (await mf.ready).origin;
    // fetch resolves with the status and headers: the first byte of the answer.
    const response = await fetch(`${origin}${request.path}`, request.init);
    const wallMs = performance.now() - started;
    const workerd = childrenNamed(process.pid, 'workerd').find((pid) => !running.has(pid));
    const cpuSeconds = workerd === undefined ? null : processRunSeconds(workerd);
    await response.arrayBuffer();
    if (response.status !== 400 && response.status !== 200)
      throw new Error(`startup bench: ${request.path} answered ${response.status}`);
    if (cpuSeconds === null) throw new Error('startup bench: the workerd process was not found');
    return { wallMs, cpuMs: cpuSeconds * 1000 };
  } finally {
    await mf.dispose();
  }
}

/** The bundle folder's modules, the main one first, each with its type (Miniflare's `modules` list). */
function uploadedModules(bundleDir: string) {
  const modules = [...bundleModules(bundleDir)].sort(([a], [b]) => Number(b === 'index.js') - Number(a === 'index.js'));
  return modules.map(([name, contents]) => ({
    type: name.endsWith('.wasm') ? ('CompiledWasm' as const) : ('ESModule' as const),
    path: join(bundleDir, name),
    contents,
  }));
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return round1(sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2);
}

const round1 = (value: number) => Number(value.toFixed(1));

// The first search's CPU profile, from workerd's own V8 inspector (`npm run bench:first-search --
// … --profile DIR`): where a cold isolate's first search spends its time, by source file and
// function of the worker (the bundle's source map turns its minified names back into ours).
// workerd's inspector offers the sampling profiler only (no precise coverage). A profiled sample
// runs slower than an unprofiled one: its shares say where to look, its CPU figure is not the bench's.

import { SourceMap, type SourceMapPayload } from 'node:module';

/** The parts of a V8 `.cpuprofile` read here. */
export interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number } }[];
  samples: number[];
  timeDeltas: number[];
}

export interface ProfileSummary {
  /** Sampled time, idle left out, ms. */
  busyMs: number;
  /** Self time by source file of the worker (or `[native]`, V8's and workerd's own), most first. */
  byFile: [string, number][];
  /** Self time by function, `name file:line`, most first. */
  byFunction: [string, number][];
}

/** Runs `work` with V8's sampling profiler on the worker's isolate (Miniflare's `core:user:` target). */
export async function profiled<T>(
  inspectorPort: number,
  work: () => Promise<T>,
  intervalUs = 100,
): Promise<{ result: T; profile: CpuProfile }> {
  const targets = (await (await fetch(`http://127.0.0.1:${inspectorPort}/json`)).json()) as {
    title: string;
    webSocketDebuggerUrl: string;
  }[];
  const target = targets.find((candidate) => candidate.title.includes('core:user:'));
  if (!target) throw new Error(`no worker among the inspector's targets: ${targets.map((t) => t.title).join(', ')}`);
  if (typeof WebSocket === 'undefined')
    throw new Error('--profile needs Node with WebSocket (--experimental-websocket)');
  const socket = new WebSocket(target.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    socket.addEventListener('open', resolve, { once: true });
    socket.addEventListener('error', reject, { once: true });
  });
  let lastId = 0;
  const answers = new Map<number, (message: { result?: unknown; error?: { message: string } }) => void>();
  socket.addEventListener('message', (event) => {
    const message = JSON.parse(String(event.data)) as { id?: number; result?: unknown; error?: { message: string } };
    if (message.id !== undefined) answers.get(message.id)?.(message);
  });
  const send = (method: string, params: object = {}) =>
    new Promise<unknown>((resolve, reject) => {
      const id = ++lastId;
      answers.set(id, (message) =>
        message.error ? reject(new Error(`${method}: ${message.error.message}`)) : resolve(message.result),
      );
      socket.send(JSON.stringify({ id, method, params }));
    });
  try {
    await send('Profiler.enable');
    await send('Profiler.setSamplingInterval', { interval: intervalUs });
    await send('Profiler.start');
    const result = await work();
    const { profile } = (await send('Profiler.stop')) as { profile: CpuProfile };
    return { result, profile };
  } finally {
    socket.close();
  }
}

/**
 * Self times of `profiles` (one run each), averaged over them; names from the bundle's source map.
 * A sample lasts until the next one, but at most `longestSampleMs`: a longer gap is the thread
 * waiting (another isolate on it, such as Miniflare's KV simulator, or the machine's other work),
 * which would otherwise be charged to whatever function was last on the stack.
 */
export function profileSummary(
  profiles: CpuProfile[],
  map: SourceMapPayload,
  { bundleName = 'index.js', longestSampleMs = 1 } = {},
): ProfileSummary {
  const sourceMap = new SourceMap(map);
  const names = new Map<string, { file: string; name: string }>();
  const where = ({ functionName, url, lineNumber, columnNumber }: CpuProfile['nodes'][number]['callFrame']) => {
    const native = { file: '[native]', name: functionName || '(anonymous)' };
    if (!url.endsWith(bundleName)) return native;
    const key = `${lineNumber}:${columnNumber}`;
    let found = names.get(key);
    if (!found) {
      const entry = sourceMap.findEntry(lineNumber, columnNumber) as {
        originalSource?: string;
        originalLine?: number;
        name?: string;
      };
      const file = shortPath(entry.originalSource ?? bundleName);
      found = {
        file,
        name: `${entry.name ?? (functionName || '(anonymous)')} ${file}:${(entry.originalLine ?? 0) + 1}`,
      };
      names.set(key, found);
    }
    return found;
  };
  const byFile = new Map<string, number>();
  const byFunction = new Map<string, number>();
  let busy = 0;
  for (const profile of profiles) {
    const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
    profile.samples.forEach((id, i) => {
      const node = nodes.get(id);
      if (!node || node.callFrame.functionName === '(idle)') return;
      const ms = Math.min(longestSampleMs, (profile.timeDeltas[i + 1] ?? 0) / 1000);
      const { file, name } = where(node.callFrame);
      busy += ms;
      byFile.set(file, (byFile.get(file) ?? 0) + ms);
      const key = file === '[native]' ? `${name} [native]` : name;
      byFunction.set(key, (byFunction.get(key) ?? 0) + ms);
    });
  }
  const runs = Math.max(1, profiles.length);
  const sorted = (map: Map<string, number>) =>
    [...map].map(([key, ms]): [string, number] => [key, ms / runs]).sort((a, b) => b[1] - a[1]);
  return { busyMs: busy / runs, byFile: sorted(byFile), byFunction: sorted(byFunction) };
}

/** The summary as lines: busy time, then the top files and functions. */
export function summaryText(summary: ProfileSummary, top = 15): string {
  const rows = (list: [string, number][]) =>
    list.slice(0, top).map(([key, ms]) => `    ${ms.toFixed(2).padStart(6)} ms  ${key}`);
  return [
    `  profiled: ${summary.busyMs.toFixed(1)} ms busy a search (a sample at most 1 ms; profiling slows it: read the shares)`,
    '  self time by file:',
    ...rows(summary.byFile),
    '  self time by function:',
    ...rows(summary.byFunction),
  ].join('\n');
}

/** A source path from the project's folders on (`worker/…`, `client/…`, `node_modules/…`). */
function shortPath(source: string): string {
  const match = /(?:^|\/)((?:worker|client|scripts|node_modules)\/.*)$/.exec(source);
  return match ? match[1]! : source;
}

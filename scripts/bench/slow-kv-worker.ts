// The worker as the streaming bench serves it (scripts/bench/streaming.ts): the same app, with a KV
// that answers every read after `BENCH_KV_LATENCY_MS`, as KV does on Cloudflare when a read misses
// the edge's cache. Only the bench starts it (`wrangler dev scripts/bench/slow-kv-worker.ts`): a
// deploy bundles wrangler.toml's `main`, worker/index.ts, which never imports this file, so no
// variable set in production can slow a read (tests/unit/worker/script-budget.test.ts checks the
// deployed bundle has none of it).
//
// `BENCH_FORGET_PAGES=1`: every request meets a page and sidebar this isolate has not read (the
// manifest and route table stay in memory, as in a warm isolate). `BENCH_WHOLE_HTML=1`: the
// answer is held until its last byte, as the worker answered before it streamed.

import worker from '../../worker/index.ts';
import type { Env } from '../../worker/env.ts';
import { forgetStore } from '../../worker/services/content-store.ts';

interface BenchEnv extends Env {
  BENCH_KV_LATENCY_MS?: string;
  BENCH_FORGET_PAGES?: string;
  BENCH_WHOLE_HTML?: string;
}

/** `kv`, each read answered `ms` later. */
function slowKv(kv: KVNamespace, ms: number): KVNamespace {
  return new Proxy(kv, {
    get(target, property) {
      const value = Reflect.get(target, property, target) as unknown;
      if (typeof value !== 'function') return value;
      if (property !== 'get' && property !== 'getWithMetadata') return value.bind(target) as unknown;
      return async (...args: unknown[]) => {
        await new Promise((resolve) => setTimeout(resolve, ms));
        return (value as (...given: unknown[]) => Promise<unknown>).apply(target, args);
      };
    },
  });
}

export default {
  async fetch(request: Request, env: BenchEnv, ctx: ExecutionContext): Promise<Response> {
    const latency = Number(env.BENCH_KV_LATENCY_MS ?? 0);
    if (env.BENCH_FORGET_PAGES === '1') forgetStore('pages');
    const given = latency > 0 ? { ...env, CONTENT: slowKv(env.CONTENT, latency) } : env;
    const response = await worker.fetch(request, given, ctx);
    if (env.BENCH_WHOLE_HTML !== '1' || !response.body) return response;
    return new Response(await response.arrayBuffer(), response);
  },
  scheduled: worker.scheduled,
};

// The worker as the search bench measures its own CPU (scripts/bench/scale-search.ts): the same
// app, with the Cache API answered inside the isolate (every read a miss, every write dropped).
// Miniflare's Cache API simulator is a worker in the same workerd process, so workerd's CPU counts
// its reads and writes; on Cloudflare they are the platform's, not the isolate's. workerd's CPU
// with this entry is the worker's own; the difference to the deployed entry's is the simulator's.
// Only the bench bundles it (`bundleWorker(dir, noEdgeCacheEntry)`): a deploy bundles
// worker/index.ts, which never imports this file.

import worker from '../../worker/index.ts';

/** A cache that holds nothing and costs the isolate no more than the calls themselves. */
const noCache = {
  match: async () => undefined,
  put: async () => {},
  delete: async () => false,
};

Object.defineProperty(globalThis, 'caches', {
  value: { default: noCache, open: async () => noCache },
  configurable: true,
});

export default worker;

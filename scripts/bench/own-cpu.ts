// The worker's own CPU apart from Miniflare's Cache API simulator. The simulator is a worker in
// the same workerd process, so workerd's CPU (all the bench can read, from the kernel) counts its
// reads and writes of search answers, which on Cloudflare are the platform's work, not the
// isolate's. The bench serves the same build twice, straight on workerd: as deployed, and with
// `noEdgeCacheEntry` (the Cache API answered inside the isolate); the second is the worker's own
// CPU, the difference the simulator's. KV is Miniflare's simulator in both, so its reads stay
// counted (a record chunk of a build past its plan's static files is one): the bench reports the
// reads beside.

import { fileURLToPath } from 'node:url';

/** The bench's entry that keeps the Cache API simulator out, as a path wrangler bundles. */
export const noEdgeCacheEntry = fileURLToPath(new URL('./no-edge-cache-worker.ts', import.meta.url));

interface CpuFigures {
  coldFirstCpuMs: number;
  servicesUpCpuMs: number;
  cpuMsPerSearch: number;
}

/** One figure split: the worker's own CPU and what the Cache API simulator added to it. */
export interface CpuSplit {
  worker: number;
  cacheSimulator: number;
}

export interface OwnCpu {
  firstSearch: CpuSplit;
  firstServicesUp: CpuSplit;
  warm: CpuSplit;
}

/**
 * `deployed`: workerd's CPU with the worker as deployed; `own`: with the Cache API answered in
 * the isolate. A negative difference (noise between fresh workerds) is reported as it is.
 */
export function ownCpu(deployed: CpuFigures, own: CpuFigures): OwnCpu {
  const split = (all: number, worker: number): CpuSplit => ({
    worker,
    cacheSimulator: Math.round((all - worker) * 100) / 100,
  });
  return {
    firstSearch: split(deployed.coldFirstCpuMs, own.coldFirstCpuMs),
    firstServicesUp: split(deployed.servicesUpCpuMs, own.servicesUpCpuMs),
    warm: split(deployed.cpuMsPerSearch, own.cpuMsPerSearch),
  };
}

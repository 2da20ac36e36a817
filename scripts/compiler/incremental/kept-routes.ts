// The route table of the last build, kept for the next one-page rebuild: the routes of each
// bucket in order and the buckets' hashes. A rebuild stores again only the buckets of the routes
// whose target changed, so the table comes out as storeRouteTable makes it from every route.

import { routeBucket, type RouteTarget } from '../../../client/contract/storage.ts';
import type { KvWriter } from '../outputs/kv-writer.ts';
import { bucketRoutes, storeRouteBucket, storeRouteTable } from '../outputs/route-table.ts';

export class KeptRoutes {
  /** `buckets`: the routes of each bucket, in order (`bucketRoutes`); `hashes`: the buckets' as stored. */
  constructor(
    private buckets: string[][],
    private hashes: string[],
  ) {}

  get bucketHashes(): readonly string[] {
    return this.hashes;
  }

  /** Stores the buckets of the routes `changed` (all of them when routes came or went); returns every bucket's hash. */
  async store(kv: KvWriter, targets: Map<string, RouteTarget>, changed: Iterable<string>): Promise<string[]> {
    const count = this.buckets.reduce((sum, routes) => sum + routes.length, 0);
    const redo = new Set<number>();
    let same = count === targets.size;
    for (const route of changed) {
      if (!same) break;
      const index = routeBucket(route, this.buckets.length);
      same = targets.has(route) && this.buckets[index]!.includes(route);
      redo.add(index);
    }
    if (!same) {
      this.buckets = bucketRoutes(targets.keys(), targets.size);
      this.hashes = await storeRouteTable(kv, targets, this.buckets);
      return this.hashes.slice();
    }
    this.hashes = this.hashes.slice();
    for (const index of redo) this.hashes[index] = await storeRouteBucket(kv, targets, this.buckets[index]!);
    return this.hashes.slice();
  }
}

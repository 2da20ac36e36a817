// How an island's chunk is loaded: set by the browser entry, never in the worker. The worker
// renders the same components (and bundles whatever they import, lazily or not), and its bundle
// must hold no import of a computed URL: Miniflare and the Workers runtime refuse a module graph
// they cannot read ahead of time.

export const islandImporter: { load?: (url: string) => Promise<Record<string, unknown>> } = {};

export function importIsland(url: string): Promise<Record<string, unknown>> {
  return islandImporter.load ? islandImporter.load(url) : Promise.reject(new Error(`no island loader for ${url}`));
}

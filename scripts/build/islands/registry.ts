// Which functions of a page's bundle are site components. Bundled into each page with the JSX
// runtime: the proxy module standing for a site module (plugin.ts) registers the module's
// function exports, and the runtime asks here when JSX names a function as its element type.

import type { FunctionComponent } from 'react';

/** Where an island's code is: its module (site-relative) and export. */
export interface IslandSource {
  island: string;
  export: string;
}

const sources = new WeakMap<object, IslandSource>();

/** Called by the proxy of `island` (a site module imported by a page) with the module's exports. */
export function registerIslandModule(exports: Record<string, unknown>, island: string): void {
  for (const [name, value] of Object.entries(exports)) {
    // A component two pages import through different modules keeps the first module's name.
    if (typeof value === 'function' && !sources.has(value)) sources.set(value, { island, export: name });
  }
}

export function islandSource(type: unknown): IslandSource | undefined {
  return typeof type === 'function' ? sources.get(type) : undefined;
}

/**
 * What the runtime leaves in the tree for an island before it is rendered: the component and its
 * props as the page gave them, under a symbol, so JSON never sees them.
 */
export const pendingIsland = Symbol.for('self-docs.pending-island');

export interface PendingIsland {
  component: FunctionComponent<Record<string, unknown>>;
  props: Record<string, unknown>;
}

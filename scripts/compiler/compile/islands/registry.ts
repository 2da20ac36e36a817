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

/**
 * A React component as a module exports it: a function, or the object `memo`, `forwardRef` or
 * `lazy` return (React marks those with `$$typeof`), not an element.
 */
export function isComponent(value: unknown): value is object {
  if (typeof value === 'function') return true;
  // An element (`<Icon />` exported as a value) is marked too, but carries props.
  return typeof value === 'object' && value !== null && '$$typeof' in value && !('props' in value);
}

/**
 * Called by the proxy of `island` (a site module imported by a page) with the module's exports:
 * its components, and those one level inside an exported plain object (`Terms.Ledger`), which
 * the export name then spells as a path.
 */
export function registerIslandModule(exports: Record<string, unknown>, island: string): void {
  const register = (value: unknown, name: string) => {
    // A component two pages import through different modules keeps the first module's name.
    if (isComponent(value) && !sources.has(value)) sources.set(value, { island, export: name });
  };
  for (const [name, value] of Object.entries(exports)) {
    register(value, name);
    if (value && Object.getPrototypeOf(value) === Object.prototype) {
      for (const [member, inner] of Object.entries(value)) register(inner, `${name}.${member}`);
    }
  }
}

export function islandSource(type: unknown): IslandSource | undefined {
  return isComponent(type) ? sources.get(type) : undefined;
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

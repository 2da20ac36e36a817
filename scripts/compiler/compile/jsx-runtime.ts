// A JSX runtime that builds the serialisable tree instead of React elements. Compiled MDX
// imports it at build time; what it returns is stored in KV and rendered by `renderTree`.

import type { ContentProp, TreeElement, TreeNode } from '../../../client/contract/page.ts';
import { islandTag } from '../../../client/contract/islands.ts';
import { islandSource, pendingIsland, type PendingIsland } from './islands/registry.ts';
import { withReactSvgNames } from './svg-attribute-names.ts';

export const Fragment = Symbol.for('self-docs.fragment');

/**
 * What JSX produced, so a prop holding JSX is stored as content, not as a data object: an element
 * is known by its class, anything else it made (a fragment's or a component's list, an island) is
 * kept in a WeakSet. Every element of every page went into that set before, and a weak set that
 * large cost the compile threads' garbage collector more than building the elements did.
 */
class ProducedElement {
  constructor(public t: string) {}
}
const produced = new WeakSet<object>();

type Props = Record<string, unknown> & { children?: unknown };
type Component = (props: Props) => unknown;

export function jsx(type: string | symbol | Component, props: Props): TreeNode | TreeNode[] | null {
  const result = createNode(type, props);
  if (typeof result === 'object' && result !== null && !(result instanceof ProducedElement)) produced.add(result);
  return result;
}

function createNode(type: string | symbol | Component, props: Props): TreeNode | TreeNode[] | null {
  const { children, ...rest } = props;
  if (type === Fragment) return flatten(children);
  // A site component: rendered with React once the page is built (islands/render.ts).
  const island = islandSource(type);
  if (island) {
    const name = (typeof type === 'function' && type.name) || island.export;
    const element: TreeElement = { t: islandTag, p: { ...island, props: serialiseProps(name, props) ?? {} } };
    const pending: PendingIsland = { component: type as PendingIsland['component'], props };
    Object.defineProperty(element, pendingIsland, { value: pending });
    return element;
  }
  // Components defined inside the MDX file itself (`export const X = () => …`) run now.
  if (typeof type === 'function') return flatten(type(props));
  if (typeof type !== 'string') throw new Error(`unsupported JSX element type ${String(type)}`);
  // JSON, a thread's message and a copy see a plain object: its class is for isContent alone.
  const element: TreeElement = new ProducedElement(type);
  // A ref is for the element React mounts in the browser; a stored page has none to give.
  const { ref: _ref, ...attributes } = rest;
  const p = serialiseProps(type, withReactSvgNames(type, attributes));
  if (p) element.p = p;
  const c = flatten(children);
  if (c.length > 0) element.c = c;
  return element;
}

export const jsxs = jsx;
export const jsxDEV = jsx;

/** Every element's props pass here: plain loops, with no list of entries made for each. */
function serialiseProps(type: string, props: Record<string, unknown>): Record<string, unknown> | undefined {
  const names = Object.keys(props);
  let defined = 0;
  for (const name of names) {
    const value = props[name];
    if (value === undefined) continue;
    if (typeof value === 'function') {
      throw new Error(
        `<${type} ${name}={…}> passes a function; pages are static, so props must be plain values (data or JSX)`,
      );
    }
    defined++;
  }
  if (defined === 0) return undefined;
  const serialised: Record<string, unknown> = {};
  for (const name of names) {
    const value = props[name];
    if (value === undefined) continue;
    const stored = isContent(value) ? ({ $content: flatten(value) } satisfies ContentProp) : value;
    // A prop named `__proto__` stays a prop, as Object.fromEntries kept it.
    if (name === '__proto__')
      Object.defineProperty(serialised, name, { value: stored, enumerable: true, writable: true, configurable: true });
    else serialised[name] = stored;
  }
  return serialised;
}

/** JSX, or a list with JSX in it (`items.map((item) => <li>{item}</li>)`). */
function isContent(value: unknown): boolean {
  const isJsx = (item: unknown) =>
    typeof item === 'object' && item !== null && (item instanceof ProducedElement || produced.has(item));
  return isJsx(value) || (Array.isArray(value) && value.some(isJsx));
}

/** Whether an element of the tree (met through children, not props) is a `tag`. */
export function hasElement(nodes: TreeNode[], tag: string): boolean {
  return nodes.some(
    (node) => typeof node !== 'string' && (node.t === tag || (node.c !== undefined && hasElement(node.c, tag))),
  );
}

export function flatten(value: unknown): TreeNode[] {
  if (value === null || value === undefined || value === false || value === true) return [];
  if (Array.isArray(value)) return value.flatMap(flatten);
  if (typeof value === 'string' || typeof value === 'number') return [String(value)];
  if (typeof value === 'object' && 't' in (value as object)) return [value as TreeElement];
  throw new Error(`cannot serialise ${JSON.stringify(value)} in page content`);
}

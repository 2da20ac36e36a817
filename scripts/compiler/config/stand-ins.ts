// Stand-ins for packages a Docusaurus config imports but the site folder does not have (a Prism
// theme, remark plugins, js-yaml). Any property, call or `new` on a stand-in gives another one,
// so the config runs to the end; afterwards the stand-ins are found in the loaded value, named
// by the key they ended up under, and taken out before the config is read.

const packageOfStandIn = new WeakMap<object, string>();

/** A harmless value that stands for (anything from) the package `name`. */
export function standIn(name: string): unknown {
  const proxy: object = new Proxy(function standInTarget() {}, {
    get(_target, key) {
      // Not a promise: `await standIn` gives the stand-in itself.
      if (key === 'then') return undefined;
      if (key === Symbol.toPrimitive) return () => '';
      if (key === Symbol.iterator) return function* nothing() {};
      if (key === 'toJSON') return () => undefined;
      return standIn(name);
    },
    // Bundled ES imports read named exports through an object whose prototype is the module.
    getPrototypeOf: () => standIn(name) as object,
    apply: () => standIn(name),
    construct: () => standIn(name) as object,
  });
  packageOfStandIn.set(proxy, name);
  return proxy;
}

/** The package a value stands for, when it is a stand-in (or an import namespace made from one). */
export function standInPackage(value: unknown): string | undefined {
  if ((typeof value !== 'object' && typeof value !== 'function') || value === null) return undefined;
  return (
    packageOfStandIn.get(value) ?? (isPlain(value) ? undefined : packageOfStandIn.get(Object.getPrototypeOf(value)))
  );
}

export interface WithoutStandIns {
  value: unknown;
  /** Package → the config keys its stand-ins fed, e.g. `themeConfig.prism.theme`. */
  fed: Map<string, string[]>;
}

/** A copy of `value` with every stand-in left out (array items dropped, keys unset). */
export function withoutStandIns(value: unknown): WithoutStandIns {
  const fed = new Map<string, string[]>();
  // An object met again (shared, or a cycle) is copied once.
  const copies = new Map<object, unknown>();
  const clean = (node: unknown, path: string): unknown => {
    const name = standInPackage(node);
    if (name) {
      fed.set(name, [...(fed.get(name) ?? []), path]);
      return undefined;
    }
    if (typeof node !== 'object' || node === null) return node;
    if (copies.has(node)) return copies.get(node);
    if (Array.isArray(node)) {
      const copy: unknown[] = [];
      copies.set(node, copy);
      node.forEach((item, index) => {
        const cleaned = clean(item, `${path}[${index}]`);
        if (cleaned !== undefined || item === undefined) copy.push(cleaned);
      });
      return copy;
    }
    if (!isPlain(node)) return node;
    const copy: Record<string, unknown> = {};
    copies.set(node, copy);
    for (const [key, item] of Object.entries(node)) {
      const cleaned = clean(item, path ? `${path}.${key}` : key);
      if (cleaned !== undefined) copy[key] = cleaned;
    }
    return copy;
  };
  return { value: clean(value, ''), fed };
}

function isPlain(value: object): boolean {
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

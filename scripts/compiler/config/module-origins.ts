// Where the values a config required came from: a function in `remarkPlugins` cannot cross to a
// compile thread, but the module file and export it was read from can, and the thread requires
// that file again (the same file, so the same function).

export interface ModuleOrigin {
  /** The module's file, absolute, as `require.resolve` found it from the config. */
  module: string;
  /** Property names from the module's exports to the value: `[]`, `['default']`, `['remarkMath']`. */
  path: string[];
}

const origins = new WeakMap<object, ModuleOrigin>();

/** Remembers `exports`, and the functions and objects it holds one and two levels down (`default.x`). */
export function recordModuleOrigin(exports: unknown, module: string): void {
  const visit = (value: unknown, path: string[]) => {
    if (!isReference(value) || (origins.has(value) && path.length > 0)) return;
    origins.set(value, { module, path });
    if (path.length >= 2) return;
    for (const key of Object.keys(value)) {
      let item: unknown;
      try {
        item = (value as Record<string, unknown>)[key];
      } catch {
        continue;
      }
      visit(item, [...path, key]);
    }
  };
  visit(exports, []);
}

export function moduleOrigin(value: unknown): ModuleOrigin | undefined {
  return isReference(value) ? origins.get(value) : undefined;
}

function isReference(value: unknown): value is object {
  return (typeof value === 'object' || typeof value === 'function') && value !== null;
}

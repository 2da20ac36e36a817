// The `require` an evaluated page gets: React is the build's own (left out of the page's bundle),
// and the JSX runtime site components are compiled for gives SVG's attributes React's names
// (svg-attribute-names.ts), so the build's render writes them without a warning per attribute.

import type { createRequire } from 'node:module';
import { withReactSvgNames } from '../svg-attribute-names.ts';
import * as markdownComponent from './markdown-component.ts';
import { markdownComponentModule } from './markdown-imports.ts';

type Require = ReturnType<typeof createRequire>;
type JsxFunction = (type: unknown, props: Record<string, unknown>, ...rest: unknown[]) => unknown;

const jsxRuntimes = new Set(['react/jsx-runtime', 'react/jsx-dev-runtime']);

export function pageRequire(base: Require): (id: string) => unknown {
  const runtimes = new Map<string, unknown>();
  return (id) => {
    if (id === markdownComponentModule) return markdownComponent;
    if (!jsxRuntimes.has(id)) return base(id);
    let runtime = runtimes.get(id);
    if (!runtime) {
      const react = base(id) as Record<string, unknown>;
      const named = (jsx: unknown) =>
        typeof jsx === 'function'
          ? (((type, props, ...rest) =>
              (jsx as JsxFunction)(
                type,
                typeof type === 'string' ? withReactSvgNames(type, props) : props,
                ...rest,
              )) as JsxFunction)
          : jsx;
      runtime = { ...react, jsx: named(react.jsx), jsxs: named(react.jsxs), jsxDEV: named(react.jsxDEV) };
      runtimes.set(id, runtime);
    }
    return runtime;
  };
}

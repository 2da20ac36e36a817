// `react` for site components a page imports (`@site/src/components/…`), evaluated at build time
// with the page: the parts that only wrap or build elements (memo, forwardRef, createElement,
// Fragment) map onto the tree runtime. Hooks are left out: a component that keeps state needs
// the browser, which these pages do not run.

import { Fragment, jsx } from '../jsx-runtime.ts';

type Component<P> = (props: P) => unknown;

/** Build-time rendering happens once, so memoising changes nothing. */
export function memo<P>(component: Component<P>): Component<P> {
  return component;
}

/** No component here holds a DOM node, so the ref is always null. */
export function forwardRef<P>(render: (props: P, ref: null) => unknown): Component<P> {
  return (props) => render(props, null);
}

export function createElement(
  type: Parameters<typeof jsx>[0],
  props: Record<string, unknown> | null,
  ...children: unknown[]
) {
  const withChildren = children.length === 0 ? { ...props } : { ...props, children };
  return jsx(type, withChildren);
}

export { Fragment };

export default { memo, forwardRef, createElement, Fragment };

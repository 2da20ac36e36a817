// React as a page's own code sees it at build time (`import { useState } from 'react'` in an MDX
// page). A component the page defines is called while the page's tree is built, outside any React
// render, so its hooks answer as on a first render with nothing to react to: state is its initial
// value, effects do not run, memos are computed once. `createElement`, `Fragment`, `memo` and
// `forwardRef` build the page's tree like its JSX does. Site components keep the real React.

import * as React from 'react';
import { Fragment, jsx } from '../jsx-runtime.ts';

type Props = Record<string, unknown> & { children?: unknown };
type Render = (props: Props) => unknown;

const noop = () => {};
let ids = 0;

export function useState<T>(initial: T | (() => T)): [T, () => void] {
  return [typeof initial === 'function' ? (initial as () => T)() : initial, noop];
}

export function useReducer<S, A>(reducer: unknown, arg: A, init?: (arg: A) => S): [S | A, () => void] {
  return [init ? init(arg) : arg, noop];
}

export const useEffect = noop;
export const useLayoutEffect = noop;
export const useInsertionEffect = noop;
export const useImperativeHandle = noop;
export const useDebugValue = noop;

export function useMemo<T>(compute: () => T): T {
  return compute();
}

export function useCallback<T>(callback: T): T {
  return callback;
}

export function useRef<T>(current: T): { current: T } {
  return { current };
}

/** A context's value outside a provider: its default, as React gives it. */
export function useContext<T>(context: React.Context<T>): T {
  return (context as unknown as { _currentValue: T })._currentValue;
}

export function use<T>(usable: React.Context<T> | PromiseLike<T>): T {
  if ('then' in usable) throw new Error('use() of a promise cannot run while the page is built; use a site component');
  return useContext(usable);
}

export function useId(): string {
  ids += 1;
  return `:p${ids}:`;
}

export function useSyncExternalStore<T>(_subscribe: unknown, getSnapshot: () => T, getServerSnapshot?: () => T): T {
  return (getServerSnapshot ?? getSnapshot)();
}

export function useTransition(): [boolean, (run: () => void) => void] {
  return [false, (run) => run()];
}

export function useDeferredValue<T>(value: T): T {
  return value;
}

export function useOptimistic<T>(state: T): [T, () => void] {
  return [state, noop];
}

export function useActionState<T>(_action: unknown, initial: T): [T, () => void, boolean] {
  return [initial, noop, false];
}

export function createElement(type: unknown, props: Props | null, ...children: unknown[]): unknown {
  const given = children.length === 0 ? {} : { children: children.length === 1 ? children[0] : children };
  return jsx(type as Render, { ...props, ...given });
}

export function memo<T>(component: T): T {
  return component;
}

export function forwardRef(render: (props: Props, ref: null) => unknown): Render {
  return (props) => render(props, null);
}

export { Fragment };

export const {
  Children,
  Component,
  PureComponent,
  StrictMode,
  Suspense,
  cloneElement,
  createContext,
  createRef,
  isValidElement,
  lazy,
  startTransition,
  version,
} = React;

export default {
  ...React,
  useState,
  useReducer,
  useEffect,
  useLayoutEffect,
  useInsertionEffect,
  useImperativeHandle,
  useDebugValue,
  useMemo,
  useCallback,
  useRef,
  useContext,
  use,
  useId,
  useSyncExternalStore,
  useTransition,
  useDeferredValue,
  useOptimistic,
  useActionState,
  createElement,
  memo,
  forwardRef,
  Fragment,
};

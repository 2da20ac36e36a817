// `Collapsible` and `useCollapsible` of `@docusaurus/theme-common`: a block shown or hidden by its
// `collapsed` state. Hidden as Docusaurus's server render hides it (display none, no height);
// the transition Docusaurus animates is left to the site's CSS.

import { createElement, useCallback, useState, type CSSProperties, type ReactNode } from 'react';

export function useCollapsible({ initialState }: { initialState: boolean | (() => boolean) }) {
  const [collapsed, setCollapsed] = useState(initialState);
  const toggleCollapsed = useCallback(() => setCollapsed((value) => !value), []);
  return { collapsed, setCollapsed, toggleCollapsed };
}

const hidden: CSSProperties = { display: 'none', overflow: 'hidden', height: '0px' };

export function Collapsible({
  as = 'div',
  collapsed,
  children,
  className,
}: {
  as?: string;
  collapsed: boolean;
  children: ReactNode;
  className?: string;
  lazy?: boolean;
  animation?: unknown;
  onCollapseTransitionEnd?: (collapsed: boolean) => void;
  disableSSRStyle?: boolean;
}) {
  return createElement(as, { className, style: collapsed ? hidden : undefined }, children);
}

// `@theme/Layout` for custom pages: the navbar, the footer and the head are the engine's own,
// drawn around the page, so here the layout is its children. At build time it hands its props
// (title, description, noFooter, wrapperClassName) to the page compiler (layout-props.ts).

import type { ReactNode } from 'react';
import { noteLayoutProps, type LayoutProps } from './layout-props.ts';

export default function Layout({ children, ...props }: LayoutProps & { children?: ReactNode }) {
  if (typeof window === 'undefined') noteLayoutProps(props);
  return <>{children}</>;
}

// `@docusaurus/Head` for site components. At build time its `<title>`, `<meta>` and `<link>` go to
// the page's head (page-head.ts), as Docusaurus's server render puts them there; in the browser
// the head is already the page's, so it renders nothing.

import { Children, isValidElement, type ReactNode } from 'react';
import { noteHeadElement } from './page-head.ts';

function textOf(children: unknown): string {
  if (typeof children === 'string' || typeof children === 'number') return String(children);
  if (Array.isArray(children)) return children.map(textOf).join('');
  return '';
}

export default function Head({ children }: { children?: ReactNode }) {
  if (typeof window !== 'undefined') return null;
  Children.forEach(children, (child) => {
    if (!isValidElement(child) || typeof child.type !== 'string') return;
    const props = child.props as Record<string, unknown>;
    noteHeadElement(child.type, props, textOf(props.children));
  });
  return null;
}

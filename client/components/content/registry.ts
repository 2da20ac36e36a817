// The components compiled pages may use, and the element overrides (headings, links, code, tables,
// images), by the name a page's tree gives them. They render markup only: the copy buttons and tabs
// work through client/page-widgets.ts, so they work the same in the server's markup, which the
// browser does not hydrate, and in pages rendered in the browser.

import type { ComponentRegistry } from '../../render-tree.tsx';
import { TabItem, Tabs } from '../Tabs.tsx';
import { Admonition } from './Admonition.tsx';
import { CodeBlock } from './CodeBlock.tsx';
import { Details } from './Details.tsx';
import { ContentLink, Image, Table } from './elements.tsx';
import { Heading } from './Heading.tsx';

export const contentComponents: ComponentRegistry = {
  Admonition,
  CodeBlock,
  Details,
  Tabs,
  TabItem,
  pre: CodeBlock,
  h1: Heading(1),
  h2: Heading(2),
  h3: Heading(3),
  h4: Heading(4),
  h5: Heading(5),
  h6: Heading(6),
  a: ContentLink,
  table: Table,
  img: Image,
};

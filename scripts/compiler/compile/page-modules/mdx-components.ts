// `@theme/MDXComponents` in a page, evaluated at build time: what MDX renders each element with,
// by its name in the page's tree (the registry of client/components/content/ gives them our look).

import Link from './link.ts';
import Heading from './heading.ts';
import { MDXCode } from './code-inline.ts';

const element = (tag: string) => tag;

const MDXComponents: Record<string, unknown> = {
  a: Link,
  code: MDXCode,
  pre: element('pre'),
  img: element('img'),
  ul: element('ul'),
  li: element('li'),
  details: element('Details'),
  Details: element('Details'),
  admonition: element('Admonition'),
  Admonition: element('Admonition'),
  h1: element('h1'),
  h2: element('h2'),
  h3: element('h3'),
  h4: element('h4'),
  h5: element('h5'),
  h6: element('h6'),
  Heading,
};

export default MDXComponents;

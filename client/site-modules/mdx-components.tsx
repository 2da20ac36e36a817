// `@theme/MDXComponents` for site components (a site's own `src/theme/MDXComponents` spreads it
// and adds its components): what MDX renders each element with, our look.

import type { ComponentType, ReactNode } from 'react';
import { Admonition } from '../components/content/Admonition.tsx';
import { CodeBlock } from '../components/content/CodeBlock.tsx';
import { Details } from '../components/content/Details.tsx';
import { Image } from '../components/content/elements.tsx';
import { Heading as AnchoredHeading } from '../components/content/Heading.tsx';
import Link from './link.tsx';
import { CodeInline, Heading } from './theme-content.tsx';

type Props = Record<string, unknown> & { children?: ReactNode; className?: unknown };

/** MDX's `code`: a block when it has a language class or more than one line, else inline. */
function Code(props: Props) {
  const block =
    typeof props.className === 'string' || (typeof props.children === 'string' && props.children.includes('\n'));
  return block ? <CodeBlock {...props} /> : <CodeInline {...props} />;
}

const MDXComponents: Record<string, ComponentType<never> | string> = {
  // Docusaurus's link of MDX is its `@docusaurus/Link`.
  a: Link,
  code: Code,
  pre: CodeBlock,
  img: Image,
  ul: 'ul',
  li: 'li',
  details: Details,
  Details,
  admonition: Admonition,
  Admonition,
  h1: AnchoredHeading(1),
  h2: AnchoredHeading(2),
  h3: AnchoredHeading(3),
  h4: AnchoredHeading(4),
  h5: AnchoredHeading(5),
  h6: AnchoredHeading(6),
  Heading,
};

export default MDXComponents;

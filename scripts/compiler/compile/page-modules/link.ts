// `@docusaurus/Link`, evaluated at build time into a plain link. A literal `to="./page.md"` was
// already resolved to its route with the page's other links (rehypeLinksAndImages); external
// links get their new-tab treatment from the renderer's link component, as Markdown links do.

import { linkProps } from '../../../../client/site-modules/link-props.ts';
import { jsx } from '../jsx-runtime.ts';

interface LinkProps extends Record<string, unknown> {
  to?: string;
  href?: string;
}

export default function Link(props: LinkProps) {
  const { attributes, target } = linkProps(props);
  return jsx('a', { ...attributes, href: target });
}

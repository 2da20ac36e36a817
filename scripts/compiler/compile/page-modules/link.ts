// `@docusaurus/Link`, evaluated at build time into a plain link. A literal `to="./page.md"` was
// already resolved to its route with the page's other links (rehypeLinksAndImages); external
// links get their new-tab treatment from the renderer's link component, as Markdown links do.

import { jsx } from '../jsx-runtime.ts';

interface LinkProps extends Record<string, unknown> {
  to?: string;
  href?: string;
}

/** Props of Docusaurus's Link that shape its client-side behaviour, not the link itself. */
const routerOnlyProps = ['isNavLink', 'activeClassName', 'exact', 'autoAddBaseUrl', 'isActive'];

export default function Link({ to, href, ...rest }: LinkProps) {
  const props = Object.fromEntries(Object.entries(rest).filter(([name]) => !routerOnlyProps.includes(name)));
  // `pathname://` tells Docusaurus to leave the path alone: it is a plain path here anyway.
  const target = (to ?? href)?.replace(/^pathname:\/\//, '');
  return jsx('a', { ...props, href: target });
}

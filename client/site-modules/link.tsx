// `@docusaurus/Link` for site components: a plain link, which client-side navigation follows
// like any other link of the page.

import type { AnchorHTMLAttributes } from 'react';
import { withBaseUrl } from './use-base-url.ts';

interface LinkProps extends AnchorHTMLAttributes<HTMLAnchorElement> {
  to?: string;
  isNavLink?: boolean;
  activeClassName?: string;
  exact?: boolean;
  autoAddBaseUrl?: boolean;
}

/** Props of Docusaurus's Link that shape its router's behaviour, not the link itself. */
const routerOnlyProps = new Set(['isNavLink', 'activeClassName', 'exact', 'autoAddBaseUrl']);

export default function Link({ to, href, ...rest }: LinkProps) {
  const props = Object.fromEntries(Object.entries(rest).filter(([name]) => !routerOnlyProps.has(name)));
  const target = (to ?? href)?.replace(/^pathname:\/\//, '');
  return <a {...props} href={target === undefined ? undefined : withBaseUrl(target)} />;
}

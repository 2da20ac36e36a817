// `@docusaurus/Link` for site components: a plain link, which client-side navigation follows
// like any other link of the page, spelled as the site spells its pages (`trailingSlash`).

import type { AnchorHTMLAttributes } from 'react';
import { linkProps } from './link-props.ts';
import { pageHref } from '../contract/urls.ts';
import { siteContext } from './site-context.ts';
import { withBaseUrl } from './use-base-url.ts';

interface LinkProps extends AnchorHTMLAttributes<HTMLAnchorElement> {
  to?: string;
  isNavLink?: boolean;
  activeClassName?: string;
  exact?: boolean;
  autoAddBaseUrl?: boolean;
}

export default function Link(props: LinkProps) {
  const { attributes, target } = linkProps(props);
  const trailingSlash = siteContext().siteConfig.trailingSlash === true;
  return <a {...attributes} href={target === undefined ? undefined : pageHref(withBaseUrl(target), trailingSlash)} />;
}

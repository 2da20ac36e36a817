// Element overrides that give Markdown its docs-site behaviour: external links marked and opened
// in a new tab, links to pages spelled as the site spells them, tables that scroll on their own,
// images loaded lazily.

import { useContext, type ReactNode } from 'react';
import { SiteContext } from '../../context.ts';
import { pageHref } from '../../contract/urls.ts';
import { Icon } from '../Icons.tsx';

export function ContentLink({ href = '', children, ...rest }: { href?: string; children?: ReactNode }) {
  // Outside a site (a feed's item rendered at build time) links stay as the build wrote them.
  const trailingSlash = useContext(SiteContext)?.site.trailingSlash;
  const external = /^(https?:)?\/\//.test(href);
  if (!external)
    return (
      <a href={pageHref(href, trailingSlash)} {...rest}>
        {children}
      </a>
    );
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" {...rest}>
      {children}
      <Icon name="external" small />
    </a>
  );
}

export function Table(props: { children?: ReactNode }) {
  return (
    <div className="table-wrapper" tabIndex={0} role="region" aria-label="Table">
      <table {...props} />
    </div>
  );
}

export function Image(props: Record<string, unknown>) {
  return <img loading="lazy" decoding="async" {...props} />;
}

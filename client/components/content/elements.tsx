// Element overrides that give Markdown its docs-site behaviour: external links marked and opened
// in a new tab, tables that scroll on their own, images loaded lazily.

import type { ReactNode } from 'react';
import { Icon } from '../Icons.tsx';

export function ContentLink({ href = '', children, ...rest }: { href?: string; children?: ReactNode }) {
  const external = /^(https?:)?\/\//.test(href);
  if (!external)
    return (
      <a href={href} {...rest}>
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

// Headings h1–h6 of a page: h2 and below are links to themselves.

import { Children, isValidElement, type ReactNode } from 'react';

export function Heading(level: 1 | 2 | 3 | 4 | 5 | 6) {
  const Tag = `h${level}` as const;
  return function AnchoredHeading({ id, children, ...rest }: { id?: string; children?: ReactNode }) {
    if (level === 1 || !id)
      return (
        <Tag id={id} {...rest}>
          {children}
        </Tag>
      );
    // The heading's text is its own link (named by that text, its "#" drawn by content.css): a
    // separate "#" link would need a label repeating the text, which a long page pays at every heading.
    // A link cannot hold another link, so a heading that has one keeps a "#" link beside it.
    if (holdsLink(children))
      return (
        <Tag id={id} {...rest}>
          {children}
          <a className="hash-link" href={`#${id}`} aria-label={`Direct link to ${textOfChildren(children)}`}>
            #
          </a>
        </Tag>
      );
    return (
      <Tag id={id} {...rest}>
        <a href={`#${id}`}>{children}</a>
      </Tag>
    );
  };
}

function holdsLink(children: ReactNode): boolean {
  return Children.toArray(children).some((child) => {
    if (!isValidElement(child)) return false;
    const props = child.props as { href?: unknown; children?: ReactNode };
    return props.href !== undefined || holdsLink(props.children);
  });
}

function textOfChildren(children: ReactNode): string {
  return Children.toArray(children)
    .map((child) =>
      typeof child === 'string' || typeof child === 'number'
        ? String(child)
        : isValidElement(child)
          ? textOfChildren((child.props as { children?: ReactNode }).children)
          : '',
    )
    .join('');
}

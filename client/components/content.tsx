// Components that compiled pages may use, and the element overrides (headings, links,
// code, tables, images) that give Markdown its docs-site behaviour. They render markup only:
// the copy buttons and tabs work through client/page-widgets.ts, so they work the same in
// the server's markup, which the browser does not hydrate, and in pages rendered in the browser.

import { Children, isValidElement, type CSSProperties, type ReactNode } from 'react';
import type { ComponentRegistry } from '../render-tree.tsx';
import { Icon } from './Icons.tsx';
import { TabItem, Tabs } from './Tabs.tsx';

const admonitionTitles: Record<string, string> = {
  note: 'Note',
  tip: 'Tip',
  info: 'Info',
  warning: 'Warning',
  danger: 'Danger',
  caution: 'Caution',
  important: 'Important',
  success: 'Success',
  secondary: 'Note',
};

export function Admonition({
  type = 'note',
  title,
  children,
}: {
  type?: string;
  title?: string;
  children?: ReactNode;
}) {
  const kind = admonitionTitles[type] ? type : 'note';
  const style =
    kind === 'caution'
      ? 'warning'
      : kind === 'important'
        ? 'info'
        : kind === 'success'
          ? 'tip'
          : kind === 'secondary'
            ? 'note'
            : kind;
  return (
    <aside className={`admonition admonition-${style}`} aria-label={title ?? admonitionTitles[kind]}>
      <p className="admonition-heading">
        <Icon name={`admonition-${style}`} small />
        {title ?? admonitionTitles[kind]}
      </p>
      <div className="admonition-content">{children}</div>
    </aside>
  );
}

/** A code block highlighted at build time, with an optional title and a copy button. */
export function CodeBlock(props: Record<string, unknown> & { children?: ReactNode }) {
  const {
    children,
    className,
    style,
    tabIndex: _tabIndex,
    'data-title': title,
    'data-language': language,
    ...rest
  } = props as Record<string, unknown> & {
    children?: ReactNode;
    className?: string;
    style?: CSSProperties;
    'data-title'?: string;
    'data-language'?: string;
  };
  return (
    <div className="code-block">
      {title ? <div className="code-block-title">{title}</div> : null}
      <div className="code-block-body">
        <pre className={className} style={style} tabIndex={0} data-language={language} {...rest}>
          {children}
        </pre>
        <button type="button" className="code-copy" aria-label="Copy code to clipboard" title="Copy">
          <Icon name="copy" small />
        </button>
      </div>
    </div>
  );
}

function Heading(level: 1 | 2 | 3 | 4 | 5 | 6) {
  const Tag = `h${level}` as const;
  return function AnchoredHeading({ id, children, ...rest }: { id?: string; children?: ReactNode }) {
    if (level === 1 || !id)
      return (
        <Tag id={id} {...rest}>
          {children}
        </Tag>
      );
    // The heading's text is its own link (named by that text, its "#" drawn by content.css): a
    // separate "#" link would need a label repeating the text, which long pages pay for 100 times.
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

function ContentLink({ href = '', children, ...rest }: { href?: string; children?: ReactNode }) {
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

function Table(props: { children?: ReactNode }) {
  return (
    <div className="table-wrapper" tabIndex={0} role="region" aria-label="Table">
      <table {...props} />
    </div>
  );
}

function Image(props: Record<string, unknown>) {
  return <img loading="lazy" decoding="async" {...props} />;
}

/** `<Details summary="…">` (Docusaurus's prop), or a <summary> among the children. */
export function Details({ children, summary, ...rest }: { children?: ReactNode; summary?: ReactNode }) {
  return (
    <details className="details" {...rest}>
      {summary !== undefined ? <summary>{summary}</summary> : null}
      {children}
    </details>
  );
}

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

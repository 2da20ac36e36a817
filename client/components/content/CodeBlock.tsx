// A code block as the build highlighted it: its markup only; the copy button works through
// client/page-widgets.ts, alike in the server's markup and in pages rendered in the browser.

import type { CSSProperties, ReactNode } from 'react';
import { Icon } from '../Icons.tsx';

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

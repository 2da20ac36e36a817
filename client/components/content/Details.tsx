// `<details>` and Docusaurus's `<Details summary=…>`.

import type { ReactNode } from 'react';

/** `<Details summary="…">` (Docusaurus's prop), or a <summary> among the children. */
export function Details({ children, summary, ...rest }: { children?: ReactNode; summary?: ReactNode }) {
  return (
    <details className="details" {...rest}>
      {summary !== undefined ? <summary>{summary}</summary> : null}
      {children}
    </details>
  );
}

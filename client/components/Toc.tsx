// Table of contents (h2–h3), sent once for both layouts: a <details> that is a collapsible box
// above the content below the desktop breakpoint, and the sticky right-hand column above it,
// shown open whatever its state (doc.css). client/page-widgets.ts alone sets `toc-link-active`
// and `aria-current` on the link of the section being read.

import type { TocItem } from '../model.ts';

export function Toc({ toc }: { toc: TocItem[] }) {
  return (
    <div className="doc-toc">
      <details className="toc">
        <summary>On this page</summary>
        <nav aria-label="On this page">
          <p className="toc-title">On this page</p>
          <ul className="toc-list">
            {toc.map((item) => (
              <li key={item.id} className={item.level === 3 ? 'toc-level-3' : undefined}>
                <a href={`#${item.id}`}>{item.text}</a>
              </li>
            ))}
          </ul>
        </nav>
      </details>
    </div>
  );
}

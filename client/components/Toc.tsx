// Table of contents (h2–h3). The section being read is marked by client/page-widgets.ts, which
// alone sets `toc-link-active` and `aria-current` on the desktop list's links.

import type { TocItem } from '../model.ts';

function TocList({ toc }: { toc: TocItem[] }) {
  return (
    <ul className="toc-list">
      {toc.map((item) => (
        <li key={item.id} className={item.level === 3 ? 'toc-level-3' : undefined}>
          <a href={`#${item.id}`}>{item.text}</a>
        </li>
      ))}
    </ul>
  );
}

/** Right-hand column on desktop. */
export function TocDesktop({ toc }: { toc: TocItem[] }) {
  return (
    <nav className="toc-desktop" aria-label="On this page">
      <p className="toc-title">On this page</p>
      <TocList toc={toc} />
    </nav>
  );
}

/** Collapsible box above the content below the desktop breakpoint. */
export function TocMobile({ toc }: { toc: TocItem[] }) {
  return (
    <details className="toc-mobile">
      <summary>On this page</summary>
      <TocList toc={toc} />
    </details>
  );
}

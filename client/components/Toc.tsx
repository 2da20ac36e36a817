// Table of contents (h2–h3), sent once for both layouts: a <details> that is a collapsible box
// above the content below the desktop breakpoint, and the sticky right-hand column above it,
// shown open whatever its state (doc.css). client/page-widgets.ts alone sets `toc-link-active`
// and `aria-current` on the link of the section being read.

import type { TocItem } from '../contract/page.ts';

/** A section in the table of contents: an h2 with the h3s under it, or h3s before any h2. */
interface TocSection {
  item?: TocItem;
  subsections: TocItem[];
}

export function Toc({ toc }: { toc: TocItem[] }) {
  return (
    <div className="doc-toc">
      <details className="toc">
        <summary>On this page</summary>
        <nav aria-label="On this page">
          <p className="toc-title">On this page</p>
          <ul className="toc-list">
            {sectionsOf(toc).map(({ item, subsections }) => (
              <li key={item?.id ?? subsections[0]!.id}>
                {item ? <TocLink item={item} /> : null}
                {/* Nesting marks the level: no per-item class, which a long contents list repeats. */}
                {subsections.length > 0 ? (
                  <ul>
                    {subsections.map((subsection) => (
                      <li key={subsection.id}>
                        <TocLink item={subsection} />
                      </li>
                    ))}
                  </ul>
                ) : null}
              </li>
            ))}
          </ul>
        </nav>
      </details>
    </div>
  );
}

function TocLink({ item }: { item: TocItem }) {
  return <a href={`#${item.id}`}>{item.text}</a>;
}

function sectionsOf(toc: TocItem[]): TocSection[] {
  const sections: TocSection[] = [];
  for (const item of toc) {
    const last = sections.at(-1);
    if (item.level === 3 && last) last.subsections.push(item);
    else sections.push(item.level === 3 ? { subsections: [item] } : { item, subsections: [] });
  }
  return sections;
}

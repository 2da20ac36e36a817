// `@theme/TOCInline`, evaluated at build time into nested lists of links. `toc` is the page's own
// export (toc-export.ts); pages may pass it filtered, as Docusaurus allows.

import { jsx } from '../jsx-runtime.ts';
import type { TocExportEntry } from '../markdown/toc-export.ts';
import { pageContext } from './site.ts';

/** The class of the list, for the stylesheet and for search records, which leave it out. */
export const tocInlineClass = 'toc-inline';

interface TocInlineProps {
  toc?: unknown;
  minHeadingLevel?: number;
  maxHeadingLevel?: number;
  className?: string;
}

export default function TOCInline({ toc, minHeadingLevel, maxHeadingLevel, className }: TocInlineProps) {
  if (!Array.isArray(toc)) {
    throw new Error("<TOCInline> needs the page's headings: write <TOCInline toc={toc} />");
  }
  // Docusaurus's defaults come from themeConfig.tableOfContents: h2 to h3 unless it says otherwise.
  const configured = tableOfContentsConfig();
  const min = minHeadingLevel ?? configured.minHeadingLevel ?? 2;
  const max = maxHeadingLevel ?? configured.maxHeadingLevel ?? 3;
  const entries = (toc as TocExportEntry[]).filter((entry) => entry.level >= min && entry.level <= max);
  if (entries.length === 0) return null;
  return jsx('div', { className: [tocInlineClass, className].filter(Boolean).join(' '), children: list(entries) });
}

/** Each entry with the deeper entries that follow it as its own list. */
function list(entries: TocExportEntry[]): unknown {
  const items: unknown[] = [];
  for (let start = 0; start < entries.length;) {
    const entry = entries[start]!;
    let end = start + 1;
    while (end < entries.length && entries[end]!.level > entry.level) end++;
    const nested = entries.slice(start + 1, end);
    items.push(
      jsx('li', {
        children: [jsx('a', { href: `#${entry.id}`, children: entry.value }), nested.length > 0 ? list(nested) : null],
      }),
    );
    start = end;
  }
  return jsx('ul', { children: items });
}

function tableOfContentsConfig(): { minHeadingLevel?: number; maxHeadingLevel?: number } {
  const themeConfig = pageContext().siteConfig.themeConfig as { tableOfContents?: Record<string, unknown> } | undefined;
  const levels = themeConfig?.tableOfContents ?? {};
  const level = (value: unknown) => (typeof value === 'number' ? value : undefined);
  return { minHeadingLevel: level(levels.minHeadingLevel), maxHeadingLevel: level(levels.maxHeadingLevel) };
}

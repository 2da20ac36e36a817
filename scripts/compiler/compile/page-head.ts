// What a page's `<Head>` set (client/site-modules/page-head.ts collects it while the page is built),
// as the page stores it; a tag the page's head cannot take is named in a warning, with its line.

import type { PageHead } from '../../../client/contract/page.ts';
import { takePageHead } from '../../../client/site-modules/page-head.ts';
import { BuildError } from '../errors.ts';
import type { SourceDoc } from '../sources/discover.ts';
import type { LinkContext } from './link-context.ts';

/** What the page's `<Head>`s set, once it is built; a tag it cannot keep is named in a warning. */
export function pageHead(doc: SourceDoc, context: LinkContext): PageHead | undefined {
  const collected = takePageHead();
  if (!collected) return undefined;
  for (const tag of new Set(collected.leftOut)) {
    context.diagnostics.warnings.push(
      new BuildError(
        doc.relPath,
        doc.raw.split('\n').findIndex((line) => line.includes(`<${tag}`)) + 1 || undefined,
        tag === 'script'
          ? '<Head> holds a <script>: it is left out, as the pages’ Content Security Policy allows no inline script'
          : `<Head> holds a <${tag}>: only <title>, <meta> and <link> go into the page's head; it is left out`,
        tag === 'script'
          ? 'put the code in a file under static/ and add it with the config’s `scripts`, or in a site component’s useEffect'
          : 'use <title>, <meta> or <link>, or the config’s `headTags`',
      ),
    );
  }
  const { title, tags } = collected;
  return title !== undefined || tags.length > 0 ? { ...(title !== undefined ? { title } : {}), tags } : undefined;
}

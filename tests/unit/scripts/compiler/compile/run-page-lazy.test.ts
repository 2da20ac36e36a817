// A page that runs code (an import, an export) reads the docs' places and global data only if its
// code or a component of it asks (useDoc(), useGlobalData()): on a large site they are the size of
// the site, and a compile thread parses them from shared memory only for such a page.

import { describe, expect, it } from 'vitest';
import { compileDocs, type CompiledDoc } from '../../../../../scripts/compiler/compile/compile-pages.ts';
import type { DocPlaces } from '../../../../../scripts/compiler/compile/doc-context.ts';
import { discoverDocs } from '../../../../../scripts/compiler/sources/discover.ts';
import { compileContext, page, writeSite } from '../../../support/sites.ts';
import { text } from '../../../support/tree.ts';

async function compileWithCounts(files: Record<string, string>) {
  const siteDir = await writeSite(files);
  const docs = await discoverDocs(siteDir);
  const asked = { places: 0, data: 0 };
  const places: DocPlaces = { version: 'current', sidebars: {}, sidebarOfDoc: {}, previous: {}, next: {} };
  const context = {
    ...compileContext(siteDir, docs),
    docPlaces: () => (asked.places++, places),
    docsData: () => (asked.data++, { path: '/docs', versions: [], breadcrumbs: true }),
  };
  const pages: CompiledDoc[] = [];
  await compileDocs(docs, context, (compiled) => void pages.push(compiled), { threads: 0 });
  return { asked, pages };
}

describe('a page that runs code', () => {
  it('does not make the docs places or data when nothing reads them', async () => {
    const { asked, pages } = await compileWithCounts({
      'docs/tabs.mdx': page('Tabs', 'export const answer = 6 * 7;', '', 'The answer is {answer}.'),
    });
    expect(text(pages[0]!.tree)).toContain('The answer is 42.');
    expect(asked).toEqual({ places: 0, data: 0 });
  });

  it('makes them once a page reads the doc it is', async () => {
    const { asked, pages } = await compileWithCounts({
      'docs/doc.mdx': page(
        'Doc',
        "import { useDoc } from '@docusaurus/plugin-content-docs/client';",
        '',
        'export function Title() { return useDoc().metadata.title; }',
        '',
        'This is <Title />.',
      ),
    });
    expect(text(pages[0]!.tree)).toContain('This is Doc.');
    expect(asked.places).toBeGreaterThan(0);
  });
});

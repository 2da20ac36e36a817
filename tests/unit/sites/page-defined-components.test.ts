// Step "compile" on components a page defines itself and uses: exported from an mdx-code-block
// fence (as translated sites write them), used inside another one defined above them, with hooks,
// inside Tabs and Details, and from a partial.

import { beforeAll, describe, expect, it } from 'vitest';
import { isIsland } from '../../../client/contract/islands.ts';
import type { PageData } from '../../../client/contract/page.ts';
import { buildSite, page, writeSite, type BuiltSite } from '../support/sites.ts';
import { expectBuildFailure } from '../support/build-failure.ts';
import { byTag, findAll, text } from '../support/tree.ts';

const fixture = 'tests/fixtures/docusaurus-page-components';

describe('a site whose pages define their own components', () => {
  let site: BuiltSite;
  const at = (route: string): PageData => site.pages.find((p) => p.route === route)!;

  beforeAll(async () => {
    site = await buildSite(fixture);
  });

  it('builds every page', () => {
    expect(site.pages.map((p) => p.route).sort()).toEqual([
      '/docs/code-block-export',
      '/docs/hooks',
      '/docs/nested',
      '/docs/partial',
    ]);
  });

  it('runs the MDX of an mdx-code-block fence: its export is a component the page uses, in a table and in tabs', () => {
    const { tree } = at('/docs/code-block-export');
    const [cell] = byTag(tree, 'td').slice(-1);
    expect(byTag([cell!], 'code').map(text)).toEqual(["'#2196F3'", "'#007AFF'"]);
    const [tabs] = byTag(tree, 'Tabs');
    expect(byTag(tabs!.c!, 'TabItem')[0]!.p).toMatchObject({ value: 'one', label: 'One' });
    expect(byTag([tabs!], 'ins')).toHaveLength(2);
    // A fence of any other language is still code.
    expect(text(byTag(tree, 'pre'))).toBe('export const notRun = true;');
  });

  it('renders a component that uses hooks with their first-render values', () => {
    const { tree } = at('/docs/hooks');
    const [output] = byTag(tree, 'output');
    expect(text(output!)).toBe('3 and 6');
    expect(output!.p).toEqual({ className: 'counter' });
    expect(text(findAll(tree, (element) => element.p?.className === 'site-title'))).toBe('Page Components');
  });

  it('renders a component inside Tabs, that gives theme and site components its children', () => {
    const { tree } = at('/docs/nested');
    const [details] = byTag(tree, 'Details');
    expect(details!.p).toEqual({ summary: 'Boxed' });
    expect(text(byTag(details!.c!, 'Admonition'))).toBe('Inside tabs');
    expect(findAll(details!.c!, (element) => isIsland(element))).toHaveLength(1);
    // `Later` uses `Note`, which the page defines further down.
    expect(byTag(tree, 'em').map(text)).toEqual(['late']);
  });

  it('renders a component a partial defines, in the partial and imported from it', () => {
    const { tree } = at('/docs/partial');
    expect(byTag(tree, 'span').map((span) => span.p?.style)).toEqual([{ background: 'red' }, { background: 'blue' }]);
  });
});

describe('a declaration without export', () => {
  it('fails with the line and says to export it', async () => {
    const siteDir = await writeSite({
      'docs/a.mdx': page('A', 'export const a = 1;', 'function Plain() { return <b>plain</b>; }', '', '<Plain />'),
    });
    (await expectBuildFailure(siteDir)).onlyError({
      file: 'docs/a.mdx',
      line: 6,
      problem: /only import\/exports are supported/,
      fix: /begin the declaration with `export`/,
    });
  });
});

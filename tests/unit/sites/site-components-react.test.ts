// Step "compile" on site components (`@site/src/components/…`) that import from 'react' only to
// wrap or build elements (memo, forwardRef, createElement, Fragment), export them inside an object
// (`Terms.Ledger`) or write JSX in .js without importing React: each is an island the build renders.

import { describe, expect, it } from 'vitest';
import { isIsland, type IslandProps } from '../../../client/contract/islands.ts';
import type { TreeElement } from '../../../client/contract/page.ts';
import { buildSite, page, writeSite } from '../support/sites.ts';
import { expectBuildFailure } from '../support/build-failure.ts';
import { findAll } from '../support/tree.ts';

const glossary = [
  "import React, { memo, forwardRef, Fragment, createElement } from 'react';",
  "import Link from '@docusaurus/Link';",
  '',
  'export const Terms = {',
  '  Ledger: memo(({ label = \'ledger\' }: { label?: string }) => <Link to="/concepts#ledger">{label}</Link>),',
  '  Quorum: forwardRef((props: { children?: React.ReactNode }, _ref) => <b className="term">{props.children}</b>),',
  "  Pair: () => createElement(Fragment, null, createElement('i', { key: 'a' }, 'one'), ' and ', <i key=\"b\">two</i>),",
  '};',
  '',
  'export default React.memo(function Aside() {',
  '  return <aside>See the glossary.</aside>;',
  '});',
].join('\n');

describe('site components importing react', () => {
  it('renders memo, forwardRef and createElement components into the stored tree', async () => {
    const site = await buildSite(
      await writeSite({
        'src/components/Glossary.tsx': glossary,
        // JSX in a .js file and no `import React`: Docusaurus 3 compiles site components so.
        'src/components/Note.js':
          'export default function Note({ children }) {\n  return <p className="note">{children}</p>;\n}\n',
        'docs/concepts.md': page('Concepts', '## Ledger'),
        'docs/a.mdx': page(
          'A',
          "import Aside, { Terms } from '@site/src/components/Glossary';",
          "import Note from '@site/src/components/Note';",
          '',
          '## About the <Terms.Ledger label="shared ledger" />',
          '',
          'Votes need a <Terms.Quorum>quorum</Terms.Quorum>, <Terms.Ledger />, <Terms.Pair />.',
          '',
          '<Aside />',
          '',
          '<Note>Counted once.</Note>',
        ),
      }),
    );
    const a = site.pages.find((p) => p.source.endsWith('a.mdx'))!;
    const rendered = findAll(a.tree, isIsland).map((element) => {
      const { island, export: name, html } = (element as TreeElement & { p: IslandProps }).p;
      return [island, name, html];
    });
    expect(rendered).toEqual([
      ['src/components/Glossary.tsx', 'Terms.Ledger', '<a href="/concepts#ledger">shared ledger</a>'],
      ['src/components/Glossary.tsx', 'Terms.Quorum', '<b class="term">quorum</b>'],
      ['src/components/Glossary.tsx', 'Terms.Ledger', '<a href="/concepts#ledger">ledger</a>'],
      ['src/components/Glossary.tsx', 'Terms.Pair', '<i>one</i> and <i>two</i>'],
      ['src/components/Glossary.tsx', 'default', '<aside>See the glossary.</aside>'],
      ['src/components/Note.js', 'default', '<p class="note">Counted once.</p>'],
    ]);
  });
});

describe('site components importing a package', () => {
  it('fails naming the package the site folder lacks, not as a syntax error', async () => {
    const siteDir = await writeSite({
      'src/components/Chart.tsx': [
        "import { LineChart } from 'chart-kit-that-is-not-installed';",
        '',
        'export const Chart = () => <LineChart />;',
      ].join('\n'),
      'docs/a.mdx': page('A', "import { Chart } from '@site/src/components/Chart';", '', '<Chart />'),
    });
    (await expectBuildFailure(siteDir)).onlyError({
      file: 'src/components/Chart.tsx',
      line: 1,
      problem: /^package "chart-kit-that-is-not-installed" is not installed in the site folder/,
      fix: /npm install in the site folder/,
    });
  });
});

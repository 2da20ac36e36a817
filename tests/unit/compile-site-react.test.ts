// Step "compile" on site components (`@site/src/components/…`) that import from 'react' only to
// wrap or build elements (memo, forwardRef, createElement, Fragment): they run at build time like
// the page, and what they return is stored in the tree.

import { describe, expect, it } from 'vitest';
import { buildErrorOf, buildSite, expectBuildError, page, writeSite } from './support/sites.ts';
import { byTag, text } from './support/tree.ts';

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
    expect(byTag(a.tree, 'a').map((link) => [link.p?.href, text(link)])).toEqual([
      ['/concepts#ledger', 'shared ledger'],
      ['/concepts#ledger', 'ledger'],
    ]);
    expect(byTag(a.tree, 'b').map(text)).toEqual(['quorum']);
    expect(byTag(a.tree, 'i').map(text)).toEqual(['one', 'two']);
    expect(byTag(a.tree, 'aside').map(text)).toEqual(['See the glossary.']);
    expect(
      byTag(a.tree, 'p')
        .filter((p) => p.p?.className === 'note')
        .map(text),
    ).toEqual(['Counted once.']);
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
    expectBuildError(await buildErrorOf(siteDir), {
      file: 'src/components/Chart.tsx',
      line: 1,
      problem: /^package "chart-kit-that-is-not-installed" is not installed in the site folder/,
      fix: /npm install in the site folder/,
    });
  });
});

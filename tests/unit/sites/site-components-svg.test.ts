// SVG as sites draw it, with SVG's own attribute names (`stroke-linejoin`, `fill-rule`): written
// into the HTML as React writes them, by a site component and by a page, and without React's
// development warning in the build.

import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { createElement, Fragment } from 'react';
import { isIsland, type IslandProps } from '../../../client/contract/islands.ts';
import type { TreeElement } from '../../../client/contract/page.ts';
import { renderTree } from '../../../client/render-tree.tsx';
import { pageComponents } from '../../../client/islands/Island.tsx';
import { buildSite, page, writeSite } from '../support/sites.ts';
import { byTag, findAll } from '../support/tree.ts';

const checkIcon = [
  "import { useState } from 'react';",
  'export default function CheckIcon() {',
  '  const [on, setOn] = useState(false);',
  '  return (',
  '    <button type="button" onClick={() => setOn(!on)}>',
  '      <svg className="check-icon" viewBox="0 0 24 24">',
  '        <path d="M4 12l5 5L20 6" fill="none" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" fill-rule="evenodd" />',
  '        <use xlink:href="#dot" data-part="dot" />',
  '      </svg>',
  "      {on ? 'On' : 'Off'}",
  '    </button>',
  '  );',
  '}',
  '',
].join('\n');

afterEach(() => {
  vi.restoreAllMocks();
});

describe("SVG's attributes as sites write them", () => {
  it('are written into the HTML of a site component and of a page, without React warning of them', async () => {
    const warnings = vi.spyOn(console, 'error');
    const siteDir = await writeSite({
      'src/components/CheckIcon.jsx': checkIcon,
      'docs/icons.mdx': page(
        'Icons',
        "import CheckIcon from '@site/src/components/CheckIcon';",
        '',
        '<CheckIcon />',
        '',
        '<svg className="page-svg" viewBox="0 0 10 10"><path d="M1 1L9 9" stroke-linejoin="round" clip-rule="evenodd" /></svg>',
      ),
    });
    const [icons] = (await buildSite(siteDir)).pages;
    const [icon] = findAll(icons!.tree, isIsland).map(
      (element) => (element as TreeElement & { p: IslandProps }).p.html,
    );
    expect(icon).toBe(
      '<button type="button"><svg class="check-icon" viewBox="0 0 24 24">' +
        '<path d="M4 12l5 5L20 6" fill="none" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" fill-rule="evenodd"></path>' +
        '<use xlink:href="#dot" data-part="dot"></use></svg>Off</button>',
    );
    const svg = byTag(icons!.tree, 'svg');
    const html = renderToStaticMarkup(createElement(Fragment, null, ...renderTree(svg, pageComponents)));
    expect(html).toBe(
      '<svg class="page-svg" viewBox="0 0 10 10"><path d="M1 1L9 9" stroke-linejoin="round" clip-rule="evenodd"></path></svg>',
    );
    expect(warnings.mock.calls.map((call) => String(call[0]))).not.toContainEqual(
      expect.stringMatching(/Invalid DOM property/),
    );
  });
});

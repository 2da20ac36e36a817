// Mermaid diagrams of a Docusaurus site (tests/fixtures/docusaurus-mermaid, `markdown.mermaid` and
// theme-mermaid): each ```mermaid fence is stored as its source in a `.mermaid-diagram`, with
// Mermaid's theme for each colour mode; the diagram chunk is bundled for the site and the worker
// sends it to pages with a diagram only. (tests/e2e/mermaid-diagrams.spec.ts draws them.)

import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { PageData, TreeElement, TreeNode } from '../../../client/contract/page.ts';
import { runBuild } from '../../../scripts/compiler/pipeline.ts';
import { servedHtml } from '../support/served-html.ts';
import { storedBuild, type BuiltSite } from '../../support/stored-build.ts';
import { buildSite, page, writeSite } from '../support/sites.ts';

function findElement(nodes: TreeNode[], test: (element: TreeElement) => boolean): TreeElement | undefined {
  for (const node of nodes) {
    if (typeof node === 'string') continue;
    if (test(node)) return node;
    const inner = findElement(node.c ?? [], test);
    if (inner) return inner;
  }
  return undefined;
}

const textOf = (nodes: TreeNode[]): string =>
  nodes.map((node) => (typeof node === 'string' ? node : textOf(node.c ?? []))).join('');

describe('a site with Mermaid diagrams', () => {
  let result: BuiltSite;
  let flow: PageData;
  let intro: PageData;

  beforeAll(async () => {
    const outDir = join(await writeSite({}), 'out');
    result = await storedBuild(await runBuild({ siteDir: 'tests/fixtures/docusaurus-mermaid', outDir }), outDir);
    flow = result.pages.find((each) => each.route === '/docs/flow')!;
    intro = result.pages.find((each) => each.route === '/docs/intro')!;
  }, 300_000);

  it('stores each mermaid fence as its source, with Mermaid’s theme for each colour mode', () => {
    const diagram = findElement(flow.tree, (element) => element.p?.className === 'mermaid-diagram')!;
    expect(diagram.p).toMatchObject({
      'data-mermaid-light': 'neutral',
      'data-mermaid-dark': 'dark',
      'data-mermaid-options': '{"flowchart":{"curve":"linear"}}',
    });
    const source = findElement(diagram.c ?? [], (element) => element.p?.className === 'mermaid-source')!;
    expect(textOf([source])).toBe(
      'flowchart LR\n  Cart[Cart] --> Checkout{Paid?}\n  Checkout -->|yes| Shipped[Shipped]\n  Checkout -->|no| Cart',
    );
    // Any other fence is code, highlighted as before.
    expect(textOf(flow.tree)).toContain("console.log('not a diagram');");
    expect(findElement(intro.tree, (element) => element.p?.className === 'mermaid-diagram')).toBeUndefined();
  });

  it('gives the diagram styles to the page with a diagram only, and no longer warns about theme-mermaid', () => {
    expect(flow.styles).toContain('mermaid');
    expect(intro.styles).not.toContain('mermaid');
    expect(result.warnings.map((warning) => warning.problem)).toEqual([]);
  });

  it('sends the diagram chunk to a page with a diagram only, and keeps it out of the first load', async () => {
    const { manifest } = result;
    const script = manifest.assets.diagramScript!;
    expect(script).toMatch(/^\/assets\/mermaid-diagrams-[\w]+\.js$/);
    expect([manifest.assets.script, ...manifest.assets.modulePreloads]).not.toContain(script);
    const htmlOf = (page: PageData) => servedHtml(manifest, page);
    const tag = `<script type="module" src="${script}"></script>`;
    expect(await htmlOf(flow)).toContain(tag);
    expect(await htmlOf(intro)).not.toContain(tag);
  });
});

describe('a site without `markdown.mermaid`', () => {
  it('keeps a mermaid fence as code and bundles no diagram chunk', async () => {
    const siteDir = await writeSite({
      'docs/intro.md': page('Intro', '```mermaid', 'graph TD; A-->B', '```'),
    });
    const built = await buildSite(siteDir);
    const tree = built.pages[0]!.tree;
    expect(findElement(tree, (element) => element.p?.className === 'mermaid-diagram')).toBeUndefined();
    expect(textOf(tree)).toContain('graph TD; A-->B');
    expect(built.manifest.assets.diagramScript).toBeUndefined();
  });
});

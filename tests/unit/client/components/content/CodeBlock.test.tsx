// Code fences of a Docusaurus page as a reader gets them: the page's HTML carries the highlighted
// lines and the line-number counter, and the code text (what the copy button takes) has no numbers.

import { renderToStaticMarkup } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import type { PageData } from '../../../../../client/contract/page.ts';
import { contentComponents } from '../../../../../client/components/content/registry.ts';
import { renderTree } from '../../../../../client/render-tree.tsx';
import { buildSite } from '../../../support/sites.ts';

let fences: PageData;
const html = (page: PageData) => renderToStaticMarkup(<>{renderTree(page.tree, contentComponents)}</>);

beforeAll(async () => {
  const site = await buildSite('tests/fixtures/docusaurus-markdown');
  fences = site.pages.find((page) => page.route === '/fences')!;
});

describe('code fences in the page HTML', () => {
  it('numbers lines with a CSS counter on the <pre>, starting where the fence says', () => {
    const markup = html(fences);
    expect(markup).toMatch(/<pre class="[^"]*code-line-numbers[^"]*" style="[^"]*counter-reset:line 0/);
    expect(markup).toMatch(/<pre class="[^"]*code-line-numbers[^"]*" style="[^"]*counter-reset:line 4/);
  });

  it('keeps the numbers out of the code text the copy button copies', () => {
    const markup = html(fences);
    const numbered = /<pre class="[^"]*code-line-numbers[^>]*>([\s\S]*?)<\/pre>/.exec(markup)![1]!;
    expect(numbered.replace(/<[^>]+>/g, '')).toBe('first();\nsecond();');
  });

  it('marks highlighted lines with their own class', () => {
    expect(html(fences).match(/class="line code-line-highlighted"/g)).toHaveLength(3 + 3 + 1);
  });

  it('sends a fence without highlighted or numbered lines as tokens only: no line elements, no classless spans', () => {
    const panel = /role="tabpanel"[\s\S]*?<pre[^>]*>([\s\S]*?)<\/pre>/.exec(html(fences))![1]!;
    expect(panel.replace(/<[^>]+>/g, '')).toBe('npm install --save-dev @docusaurus/core\nnpm run build -- --watch');
    expect(panel).not.toContain('class="line');
    expect(panel).not.toContain('<span>');
    expect(panel).toMatch(/<span class="tk\d+">/);
    // Neighbouring tokens of one colour are one element.
    expect(panel).not.toMatch(/<span class="([^"]+)">[^<]*<\/span><span class="\1">/);
  });

  it('renders npm2yarn tabs as tabs with one panel per package manager', () => {
    const markup = html(fences);
    expect(markup.match(/role="tab"[^>]*>(npm|Yarn|pnpm)</g)).toHaveLength(3);
    expect(markup.match(/role="tabpanel"/g)).toHaveLength(3);
  });
});

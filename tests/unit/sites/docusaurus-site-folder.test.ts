// A site whose config and sidebars expect to run in the site folder, as Docusaurus runs them
// (tests/fixtures/docusaurus-site-folder, after dl-solarity/docs): `dotenv` loads its `.env` (the
// package is not installed), a sidebar lists `docs/` by a relative path, and a page imports and
// requires images beside it, from `@site/` and from the root; a site component imports `clsx`, which
// Docusaurus brings along and the site does not list.

import { describe, expect, it } from 'vitest';
import type { TreeNode } from '../../../client/contract/page.ts';
import { buildSite, type BuiltSite } from '../support/sites.ts';

const fixture = 'tests/fixtures/docusaurus-site-folder';

let built: Promise<BuiltSite> | undefined;
const site = () => (built ??= buildSite(fixture));

function images(nodes: TreeNode[]): Record<string, string> {
  const found: Record<string, string> = {};
  const walk = (list: TreeNode[]) => {
    for (const node of list) {
      if (typeof node === 'string') continue;
      if (node.t === 'img') found[String(node.p?.alt)] = String(node.p?.src);
      walk(node.c ?? []);
    }
  };
  walk(nodes);
  return found;
}

describe('a config and sidebars run in the site folder', () => {
  it('reads the url from the site’s .env through dotenv, which the site has not installed', async () => {
    const { manifest, warnings } = await site();
    expect(manifest.site.url).toBe('https://folder.example.test/');
    expect(warnings.map((warning) => warning.message).join('\n')).not.toMatch(/dotenv/);
  });

  it('lists a sidebar from a path relative to the site folder, and leaves the working directory as it was', async () => {
    const before = process.cwd();
    const { sidebars } = await site();
    expect(sidebars.guides?.map((item) => item.href)).toEqual(['/docs/guides/images', '/docs/guides/intro']);
    expect(process.cwd()).toBe(before);
  });
});

describe('images a page imports or requires', () => {
  it('are their hashed media URLs, however the path is written', async () => {
    const page = (await site()).pages.find((candidate) => candidate.route === '/docs/guides/images')!;
    const found = images(page.tree);
    expect(found.imported).toMatch(/^\/assets\/media\/shot-[0-9a-f]{10}\.png$/);
    expect(found.beside).toBe(found.imported);
    expect(found.site).toMatch(/^\/assets\/media\/logo-[0-9a-f]{10}\.png$/);
    expect(found['root-static']).toBe(found.site);
    expect(found.root).toBe(found.site);
  });
});

describe('a site component that imports clsx the site has not installed', () => {
  it('renders with the class names clsx gives', async () => {
    const page = (await site()).pages.find((candidate) => candidate.route === '/docs/guides/intro')!;
    expect(JSON.stringify(page.tree)).toContain('class=\\"badge badge--primary x\\"');
  });
});

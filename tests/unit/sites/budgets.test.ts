// Byte budgets of what a reader's browser is sent: deterministic for a given source, so they are
// tests. (Speed is measured by `npm run bench`, never by tests.)

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleClient, type ClientBundle } from '../../../scripts/compiler/assets/client-bundle.ts';
import { runBuild } from '../../../scripts/compiler/pipeline.ts';
import { servedHtml } from '../support/served-html.ts';
import { selfContent } from '../support/sites.ts';
import { viewOfSidebar } from '../../../worker/render/sidebar-view.ts';
import { storedBuild, type BuiltSite } from '../../support/stored-build.ts';

const kb = 1024;

let bundle: ClientBundle;

const gzip = (bytes: Uint8Array | string) => gzipSync(bytes, { level: 6 }).length;
const gzipOf = (path: string) => {
  const bytes = bundle.files.get(path.replace(/^\//, ''));
  if (!bytes) throw new Error(`${path} is not in the bundle`);
  return gzip(bytes);
};

beforeAll(async () => {
  bundle = await bundleClient();
}, 180_000);

/** A chunk and every chunk it imports statically (found in its code: the bundle's own import statements). */
function staticGraph(path: string, seen = new Set<string>()): Set<string> {
  seen.add(path);
  const code = new TextDecoder().decode(bundle.files.get(path.replace(/^\//, '')));
  for (const [, imported] of code.matchAll(/(?:from|import)\s*"(\/assets\/[^"]+\.js)"/g))
    if (!seen.has(imported!)) staticGraph(imported!, seen);
  return seen;
}

describe('the JavaScript and CSS of a page', () => {
  // React is not part of it: the first load is plain DOM code, and React takes the page over on
  // the reader's first intent (client/entry.tsx, client/take-over.tsx).
  // Counted: the entry and every chunk it imports statically (all run before interaction), each
  // gzipped alone as the browser receives it; lazy chunks (React, status pages, tabs, search) are not.
  it('keeps the JavaScript a doc page loads before interaction within 4.7 KB gzip', () => {
    const firstLoad = [bundle.assets.script, ...bundle.assets.modulePreloads];
    const total = firstLoad.reduce((sum, path) => sum + gzipOf(path), 0);
    expect(total).toBeLessThanOrEqual(4.7 * kb);
  });

  // Live reload is npm start's alone: its script is served by the dev worker, never bundled here.
  it("ships none of npm start's live reload in the browser bundle", () => {
    const code = [...bundle.files.values()].map((bytes) => new TextDecoder().decode(bytes)).join('\n');
    expect(code).toContain('__boot');
    expect(code).not.toContain('/__dev/');
    expect(code).not.toContain('idiomorph');
    expect(code).not.toContain('Idiomorph');
  });

  it('keeps React out of the first load: it comes with the take-over chunk, on intent', () => {
    const firstLoad = [bundle.assets.script, ...bundle.assets.modulePreloads];
    // Marks every build of React carries: its element symbols, react-dom's error links.
    const hasReact = (path: string) => {
      const code = new TextDecoder().decode(bundle.files.get(path.replace(/^\//, '')));
      return code.includes('Symbol.for("react.') || code.includes('react.dev/errors');
    };
    for (const path of firstLoad) expect(hasReact(path), path).toBe(false);
    // Nor with what a first visit fetches once idle, the web font (for the next page load).
    const webFont = [...bundle.files.keys()].find((path) => /web-font-.*\.js$/.test(path))!;
    for (const path of staticGraph(`/${webFont}`)) expect(hasReact(path), path).toBe(false);
    const chunks = [...bundle.files.keys()].filter((path) => path.endsWith('.js'));
    expect(chunks.filter(hasReact).length).toBeGreaterThan(0);
    expect(firstLoad.some((path) => path.includes('take-over'))).toBe(false);
    expect(chunks.some((path) => /take-over-.*\.js$/.test(path))).toBe(true);
  });

  it('keeps the status pages and the tabs code out of the first load: pages without them never run it', () => {
    const firstLoad = [bundle.assets.script, ...bundle.assets.modulePreloads];
    for (const lazy of ['StatusPages', 'tab-widgets']) {
      expect(firstLoad.some((path) => path.includes(lazy))).toBe(false);
      expect([...bundle.files.keys()].some((path) => new RegExp(`${lazy}-.*\\.js$`).test(path))).toBe(true);
    }
  });

  it('keeps the search modal and its stylesheet out of the first load', () => {
    const firstLoad = [bundle.assets.script, ...bundle.assets.modulePreloads];
    expect(firstLoad.some((path) => /open-modal|SearchModal|search-modal/.test(path))).toBe(false);
    // The modal's chunk is named after the module the search button imports (it brings SearchModal).
    expect([...bundle.files.keys()].some((path) => /open-modal-.*\.js$/.test(path))).toBe(true);
    expect(bundle.assets.searchStyle).toMatch(/search-modal-.*\.css$/);
    for (const group of bundle.assets.styleGroups) expect(group.css).not.toContain('.DocSearch-Modal');
  });

  it('keeps the code that renders a doc page, navigates, copies code and Copy page out of the first load', () => {
    const firstLoad = [bundle.assets.script, ...bundle.assets.modulePreloads];
    for (const lazy of ['DocPage', 'navigation', 'code-copy', 'copy-page']) {
      expect(firstLoad.some((path) => path.includes(lazy))).toBe(false);
      expect([...bundle.files.keys()].some((path) => new RegExp(`${lazy}-.*\\.js$`).test(path))).toBe(true);
    }
  });

  it('inlines at most 8 KB gzip of CSS in a doc page without code, diagrams or tabs, with absolute font URLs', () => {
    const plain = bundle.assets.styleGroups.filter((group) => group.scope === 'every' || group.name === 'doc');
    expect(gzip(plain.map((group) => group.css).join(''))).toBeLessThanOrEqual(8 * kb);
    const css = bundle.assets.styleGroups.map((group) => group.css).join('');
    const urls = [...css.matchAll(/url\(["']?([^"')]+)/g)].map((match) => match[1]!);
    const files = urls.filter((url) => !url.startsWith('data:'));
    expect(files.length).toBeGreaterThan(0);
    for (const url of files) expect(url, 'a URL that does not depend on the page').toMatch(/^\/assets\//);
  });

  it('never lets the web font hold back or move text: optional display, a metric-matched fallback', () => {
    const css = bundle.assets.styleGroups.map((group) => group.css).join('');
    const faces = [...css.matchAll(/@font-face\{[^}]*\}/g)].map((match) => match[0]);
    const webFont = faces.filter((face) => face.includes('Plus Jakarta Sans Variable'));
    expect(webFont.length).toBeGreaterThan(0);
    for (const face of webFont) expect(face).toContain('font-display:optional');
    const fallback = faces.filter((face) => face.includes('Plus Jakarta Sans Fallback'));
    expect(fallback.length).toBeGreaterThan(0);
    for (const face of fallback) expect(face).toMatch(/size-adjust:.*ascent-override:.*descent-override:/);
    // A first visit paints in the fallback: only pages served in the web font carry its faces.
    const everyPage = bundle.assets.styleGroups.filter((group) => group.scope === 'every');
    for (const group of everyPage) for (const face of webFont) expect(group.css).not.toContain(face);
  });
});

describe('the HTML of a page', () => {
  let site: BuiltSite;
  let outDir: string;

  beforeAll(async () => {
    outDir = await mkdtemp(join(tmpdir(), 'self-docs-budget-'));
    site = await storedBuild(await runBuild({ ...selfContent, outDir }), outDir);
  }, 300_000);
  afterAll(() => rm(outDir, { recursive: true, force: true }));

  /** The page's HTML as the worker sends it (dark theme, announcement bar shown). */
  async function htmlOf(route: string): Promise<string> {
    const page = site.pages.find((each) => each.route === route)!;
    const { manifest } = site;
    const ref = page.sidebar ? manifest.sidebars[page.sidebar] : undefined;
    const sidebar =
      ref && page.sidebar ? viewOfSidebar(page.sidebar, ref, site.sidebars[page.sidebar]!, route) : undefined;
    return servedHtml(manifest, page, { theme: 'dark', sidebar });
  }

  it('sends the article once: the boot data holds no tree and no table of contents', async () => {
    const html = await htmlOf('/technical-docs/PoAI/proof-of-ai');
    const boot = /<script type="application\/json" id="__boot">(.*?)<\/script>/s.exec(html)![1]!;
    expect(boot).not.toContain('"tree"');
    expect(boot).not.toContain('"toc"');
  });

  // The largest pages are code-heavy and long-sidebar ones (scripts/bench/README.md has the figures).
  it('keeps the HTML of every SELF page within 100 KB, its inlined CSS included', async () => {
    for (const page of site.pages) {
      const bytes = new TextEncoder().encode(await htmlOf(page.route)).length;
      expect(bytes, page.route).toBeLessThanOrEqual(100 * kb);
    }
  });

  it('inlines in a page only the CSS of what it contains: no code or diagram styles without them', async () => {
    const plain = site.pages.find((page) => page.route === '/about-self/creation-brand')!;
    expect(plain.styles).toEqual(['doc']);
    const html = await htmlOf(plain.route);
    expect(html).toContain('<style data-style="chrome">');
    // Nor what its first screen never shows: the drawer, the status pages, a navigation's spinner.
    const elsewhere = ['.drawer-body', '.build-problems', '.page-spinner'];
    for (const selector of [
      '.code-copy',
      '.shiki',
      '.dg-node',
      '.tabs-item',
      '.search-page-input',
      '#nprogress',
      ...elsewhere,
    ])
      expect(html, selector).not.toContain(selector);
    const withCode = await htmlOf('/technical-docs/Validate');
    for (const selector of ['.code-copy', '.shiki', '.dg-node']) expect(withCode, selector).toContain(selector);
  });
});

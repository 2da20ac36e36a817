// The SELF documentation itself: every route of the content brief is built, described,
// free of placeholder words, and in the sidebar (but /security-privacy).

import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SidebarItem } from '../../../client/contract/sidebar.ts';
import { buildSite, selfContent, type BuiltSite } from '../support/sites.ts';

const briefDir = join(import.meta.dirname, '../../../../shared/content-brief');
/** The brief's routes, kept in the repository so the check runs in any clone. */
const expectedRoutes: string[] = JSON.parse(
  readFileSync(join(import.meta.dirname, '../../fixtures/brief-routes.json'), 'utf8'),
);

function briefRoutes(dir = briefDir): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return briefRoutes(path);
    if (!name.endsWith('.md') || name.startsWith('_')) return [];
    const route = `/${relative(briefDir, path)}`.replace(/\.md$/, '').replace(/\/index$/, '');
    return [route === '' ? '/' : route];
  });
}

function sidebarRoutes(items: SidebarItem[]): string[] {
  return items.flatMap((item) => [
    ...(item.href ? [item.href] : []),
    ...(item.type === 'category' ? sidebarRoutes(item.items) : []),
  ]);
}

let outDir: string;
let build: BuiltSite;

beforeAll(async () => {
  outDir = await mkdtemp(join(tmpdir(), 'self-docs-content-'));
  build = await buildSite(selfContent.siteDir, outDir, selfContent.cacheDir);
}, 300_000);

afterAll(() => rm(outDir, { recursive: true, force: true }));

describe('the SELF documentation', () => {
  it.runIf(existsSync(briefDir))('keeps its list of routes equal to the content brief beside the repository', () => {
    expect(briefRoutes().sort()).toEqual(expectedRoutes);
  });

  it('builds a page for every route of the content brief', () => {
    const routes = new Set(build.pages.map((page) => page.route));
    expect(expectedRoutes.filter((route) => !routes.has(route))).toEqual([]);
    expect(expectedRoutes).toHaveLength(41);
  });

  it('gives every page a description for search engines and link previews', () => {
    const without = build.pages.filter((page) => page.description.trim().length < 40).map((page) => page.route);
    expect(without).toEqual([]);
  });

  it('contains no placeholder words', () => {
    const placeholder = /\b(lorem|ipsum|TODO|TBD|FIXME)\b|coming soon/i;
    const offenders = build.pages
      .filter((page) => placeholder.test(JSON.stringify(page.tree)) || placeholder.test(page.description))
      .map((page) => page.route);
    expect(offenders).toEqual([]);
  });

  it('lists every page in the sidebar except /security-privacy', () => {
    const inSidebar = new Set(sidebarRoutes(build.sidebars.docs ?? []));
    const outside = build.pages.map((page) => page.route).filter((route) => !inSidebar.has(route));
    expect(outside).toEqual(['/security-privacy']);
  });

  it('opens the sidebar with Welcome, then Project Status, About SELF, Roadmap and Technical Docs', () => {
    expect((build.sidebars.docs ?? []).map((item) => item.label)).toEqual([
      '👋 Welcome',
      '📊 Project Status',
      'ℹ️ About SELF',
      '📍 Roadmap',
      '📚 Technical Docs',
    ]);
  });

  it('builds without broken links or images (the build fails on those)', () => {
    expect(build.warnings).toEqual([]);
  });
});

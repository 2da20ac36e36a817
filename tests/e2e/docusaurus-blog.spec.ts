// A Docusaurus site's blog in the browser (tests/fixtures/docusaurus-blog, served on a port of its
// own): its list, post, tag and archive pages pass the WCAG A/AA checks in both colour themes, and
// client-side navigation from a list to a post renders the post with the blog layout.

import { expect, test, type Page } from '@playwright/test';
import { paintPageAtLightestGradientColour, wcagViolations } from '../support/axe.ts';
import { startBuiltSite } from '../support/built-site.ts';
import type { FixtureServer } from '../support/fixture-server.ts';

let site: FixtureServer;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  site = await startBuiltSite('tests/fixtures/docusaurus-blog');
});

test.afterAll(async () => {
  await site?.stop();
});

async function open(page: Page, path: string) {
  const response = await page.goto(`${site.origin}${path}`);
  expect(response?.status(), path).toBe(200);
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
}

const routes = ['/blog', '/blog/2024/02/20/release', '/blog/tags/tips', '/blog/archive', '/blog/authors/ada'];

for (const theme of ['light', 'dark'] as const) {
  test(`the blog's pages have no WCAG A/AA violations in the ${theme} theme`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.context().addCookies([{ name: 'theme', value: theme, url: site.origin }]);
    for (const route of routes) {
      await open(page, route);
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
      await paintPageAtLightestGradientColour(page);
      expect(await wcagViolations(page), `${route} in the ${theme} theme`).toEqual([]);
    }
  });
}

test('a post opened from the list keeps the blog layout', async ({ page }) => {
  await open(page, '/blog');
  // npm start shows the fixture's draft too (as Docusaurus's dev server does): the post is on page 2.
  await page.getByRole('link', { name: 'Older entries' }).click();
  await page.getByRole('link', { name: 'Read more about Version 2 is out' }).click();
  await expect(page).toHaveURL(`${site.origin}/blog/2024/02/20/release`);
  await expect(page.getByRole('heading', { level: 1, name: 'Version 2 is out' })).toBeVisible();
  const sidebar = page.getByRole('navigation', { name: 'Blog recent posts navigation' });
  await expect(sidebar.getByRole('link', { name: 'Version 2 is out' })).toHaveAttribute('aria-current', 'page');
});

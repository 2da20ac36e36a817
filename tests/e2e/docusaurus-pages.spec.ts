// Custom pages of src/pages in the browser (tests/fixtures/docusaurus-pages, served on a port of
// its own): the React landing page at `/` hydrates and its button counts, on a first load and
// after client-side navigation, with no console error or CSP violation; the pages pass axe in
// both colour themes.

import { expect, test, type Page } from '@playwright/test';
import { paintPageAtLightestGradientColour, wcagViolations } from '../support/axe.ts';
import { watchProblems } from '../support/page-problems.ts';
import { startBuiltSite } from '../support/built-site.ts';
import type { FixtureServer } from '../support/fixture-server.ts';

let site: FixtureServer;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  site = await startBuiltSite('tests/fixtures/docusaurus-pages');
});

test.afterAll(async () => {
  await site?.stop();
});

const starButton = (page: Page) => page.getByRole('button', { name: /^Stars:/ });

test('the landing page reads without JavaScript, as the build rendered it', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`${site.origin}/`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Pages Fixture');
  await expect(page.getByRole('link', { name: 'Get started' })).toHaveAttribute('href', '/docs/intro');
  await expect(starButton(page)).toHaveText('Stars: 0');
  await context.close();
});

test('on a first load the landing page hydrates and its button counts, with no error or CSP violation', async ({
  page,
}) => {
  const problems = watchProblems(page);
  await page.goto(`${site.origin}/`);
  await expect(page.locator('self-island[data-island="src/pages/index.js"][data-hydrated="true"]')).toHaveCount(1);
  await starButton(page).click();
  await starButton(page).click();
  await expect(starButton(page)).toHaveText('Stars: 2');
  // Its CSS module and the hero's look are there.
  await expect(page.locator('header.hero')).toHaveCSS('text-align', 'center');
  await expect(page.locator('header.hero')).toHaveCSS('color', 'rgb(255, 255, 255)');
  expect(problems).toEqual([]);
});

test('after client-side navigation from a doc the landing page renders from its chunk and counts', async ({ page }) => {
  const problems = watchProblems(page);
  await page.goto(`${site.origin}/docs/guide`);
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  await page.getByRole('main').getByRole('link', { name: 'home page', exact: true }).click();
  await expect(page).toHaveURL(`${site.origin}/`);
  await expect(page).toHaveTitle('Welcome | Pages Fixture');
  await expect(page.locator('aside.doc-sidebar')).toHaveCount(0);
  await expect(page.locator('self-island[data-island="src/pages/index.js"][data-hydrated="true"]')).toHaveCount(1);
  await starButton(page).click();
  await expect(starButton(page)).toHaveText('Stars: 1');
  expect(problems).toEqual([]);
});

for (const theme of ['light', 'dark'] as const) {
  test(`the custom pages have no WCAG A/AA violations in the ${theme} theme`, async ({ page }) => {
    await page.context().addCookies([{ name: 'theme', value: theme, url: site.origin }]);
    for (const route of ['/', '/about', '/team']) {
      await page.goto(`${site.origin}${route}`);
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
      await paintPageAtLightestGradientColour(page);
      expect(await wcagViolations(page), `${route} in the ${theme} theme`).toEqual([]);
    }
  });
}

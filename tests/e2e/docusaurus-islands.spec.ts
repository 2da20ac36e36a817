// A Docusaurus site's own React components in the browser (tests/fixtures/docusaurus-islands,
// served on a port of its own): the counter's markup is there before any script, its chunk
// hydrates it on a first load and renders it after client-side navigation, and nothing of it
// breaks the page's CSP or logs an error.

import { expect, test, type Page } from '@playwright/test';
import { watchProblems } from '../support/page-problems.ts';
import { startBuiltSite } from '../support/built-site.ts';
import type { FixtureServer } from '../support/fixture-server.ts';

let site: FixtureServer;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  site = await startBuiltSite('tests/fixtures/docusaurus-islands');
});

test.afterAll(async () => {
  await site?.stop();
});

const counterButton = (page: Page) => page.getByRole('button', { name: /^Presses:/ });

test('the counter is server markup that reads and looks right without JavaScript', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`${site.origin}/docs/counter`);
  await expect(counterButton(page)).toHaveText('Presses: 3');
  // Its CSS module's stylesheet is linked and its class names match the markup.
  await expect(counterButton(page)).toHaveCSS('border-top-width', '2px');
  await context.close();
});

test('on a first load the counter hydrates and counts clicks, with no error or CSP violation', async ({ page }) => {
  const problems = watchProblems(page);
  await page.goto(`${site.origin}/docs/counter`);
  await expect(page.locator('self-island[data-hydrated="true"]')).toHaveCount(1);
  await counterButton(page).click();
  await counterButton(page).click();
  await expect(counterButton(page)).toHaveText('Presses: 5');
  expect(problems).toEqual([]);
});

test('after client-side navigation the counter is rendered from its chunk and counts clicks', async ({ page }) => {
  const problems = watchProblems(page);
  await page.goto(`${site.origin}/docs/intro`);
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  // A page without site components loads none of their scripts.
  const scripts = await page.evaluate(() => performance.getEntriesByType('resource').map((entry) => entry.name));
  expect(scripts.filter((url) => url.includes('/island-'))).toEqual([]);

  await page.getByRole('main').getByRole('link', { name: 'counter', exact: true }).click();
  await expect(page).toHaveURL(/\/docs\/counter$/);
  await expect(page.locator('self-island[data-hydrated="true"]')).toHaveCount(1);
  await counterButton(page).click();
  await expect(counterButton(page)).toHaveText('Presses: 4');
  await expect(counterButton(page)).toHaveCSS('border-top-width', '2px');
  expect(problems).toEqual([]);
});

test('pure components show with their styles and load no script', async ({ page }) => {
  const problems = watchProblems(page);
  await page.goto(`${site.origin}/docs/gallery`);
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  await expect(page.locator('.badge-pill')).toHaveText('New (Islands)');
  await expect(page.locator('.badge-pill')).toHaveCSS('border-top-left-radius', '999px');
  // The image the component imports is served from the browser bundle.
  await expect
    .poll(() => page.locator('.badge-pill img').evaluate((image: HTMLImageElement) => image.naturalWidth))
    .toBe(8);
  await expect(page.locator('.card-box strong')).toHaveText('Markdown');
  const loaded = await page.evaluate(() => performance.getEntriesByType('resource').map((entry) => entry.name));
  expect(loaded.filter((url) => /\/island-.*\.js$/.test(url))).toEqual([]);
  expect(problems).toEqual([]);
});

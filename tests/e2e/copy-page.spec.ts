// "Copy page" beside the title: copies the page's Markdown (as served at `<route>.md`), says
// "Copied", is reachable from the keyboard, and offers "View as Markdown".

import { expect, test } from '@playwright/test';
import { openHydrated } from '../support/e2e-pages.ts';

const route = '/about-self/evolution';

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

test('Copy page puts the Markdown of the page on the clipboard and says Copied', async ({ page, request }) => {
  await openHydrated(page, route);
  const expected = await (await request.get(`${route}.md`)).text();
  expect(expected.startsWith('# ')).toBe(true);
  await page.getByRole('button', { name: 'Copy page' }).click();
  await expect(page.getByRole('button', { name: 'Copied' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(expected);
});

test('Copy page works from the keyboard', async ({ page }) => {
  await openHydrated(page, route);
  const button = page.getByRole('button', { name: 'Copy page' });
  // Tab order reaches it: step forward from the breadcrumbs until it has focus.
  await page.locator('.breadcrumbs a').first().focus();
  for (let step = 0; step < 20 && !(await button.evaluate((node) => node === document.activeElement)); step++)
    await page.keyboard.press('Tab');
  await expect(button).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Copied' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toContain('# ');
});

test('the menu offers View as Markdown, a link to the page as Markdown', async ({ page }) => {
  await openHydrated(page, route);
  await page.getByLabel('More page actions').click();
  const link = page.getByRole('link', { name: 'View as Markdown' });
  await expect(link).toBeVisible();
  await expect(link).toHaveAttribute('href', `${route}.md`);
});

test('the copy code is not part of the first load', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (req) => req.resourceType() === 'script' && scripts.push(req.url()));
  await openHydrated(page, route);
  expect(scripts.some((url) => /copy-page/.test(url))).toBe(false);
  await page.getByRole('button', { name: 'Copy page' }).click();
  await expect(page.getByRole('button', { name: 'Copied' })).toBeVisible();
  expect(scripts.some((url) => /copy-page/.test(url))).toBe(true);
});

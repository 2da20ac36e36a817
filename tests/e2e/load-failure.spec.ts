// When the next page's data cannot be fetched, the reader sees why and can retry in place.

import { expect, test } from '@playwright/test';
import { openHydrated } from '../support/e2e-pages.ts';

test('a failed page load shows the error and a Retry button that loads the page once the network is back', async ({
  page,
}) => {
  await openHydrated(page, '/technical-docs/PoAI/proof-of-ai');
  await page.route('**/__data/**', (route) => route.abort('internetdisconnected'));

  await page.locator('.doc-sidebar').getByRole('link', { name: 'Taxonomy' }).click();
  const alert = page.getByRole('alert');
  await expect(alert.getByRole('heading', { name: 'The page could not be loaded' })).toBeVisible();
  await expect(alert).toContainText('Check your network connection');

  await page.unroute('**/__data/**');
  await alert.getByRole('button', { name: 'Retry' }).click();
  await expect(page).toHaveURL(/\/technical-docs\/PoAI\/Taxonomy$/);
  await expect(page.locator('article h1')).toHaveText(/Taxonomy/);
});

test('a page whose data the server refuses is loaded in full instead', async ({ page }) => {
  await openHydrated(page, '/technical-docs/PoAI/proof-of-ai');
  await page.route('**/__data/**', (route) => route.fulfill({ status: 503, body: '{}' }));
  await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 1));

  await page.locator('.doc-sidebar').getByRole('link', { name: 'Taxonomy' }).click();
  await expect(page).toHaveURL(/\/technical-docs\/PoAI\/Taxonomy$/);
  await expect(page.locator('article h1')).toHaveText(/Taxonomy/);
  // A full load: the old window state is gone.
  expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBeUndefined();
});

test('when React cannot be fetched, a link loads its page in full and the first load’s controls still work', async ({
  page,
}) => {
  await page.route('**/assets/take-over-*.js', (route) => route.abort('internetdisconnected'));
  await openHydrated(page, '/technical-docs/PoAI/proof-of-ai');
  await page.locator('nav[aria-label="Main"] .navbar-theme-toggle').click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 1));

  await page.locator('.doc-sidebar').getByRole('link', { name: 'Taxonomy' }).click();
  await expect(page).toHaveURL(/\/technical-docs\/PoAI\/Taxonomy$/);
  await expect(page.locator('article h1')).toHaveText(/Taxonomy/);
  expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBeUndefined();
  await expect(page.locator('html')).not.toHaveAttribute('data-react');
});

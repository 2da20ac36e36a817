// When the next page's data is slow, the reader sees it coming (the progress bar); when it cannot be
// fetched, the reader sees why and can retry in place.

import { expect, test } from '@playwright/test';
import { openHydrated } from '../support/e2e-pages.ts';

test('a page slow to load shows the progress bar and the spinner while it comes, and neither once it is in place', async ({
  page,
}) => {
  await openHydrated(page, '/technical-docs/PoAI/proof-of-ai');
  // The page's data is held until the bar is seen: how slow the machine is does not matter.
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/__data/**', async (route) => {
    await released;
    await route.continue();
  });

  await page.locator('.doc-sidebar').getByRole('link', { name: 'Taxonomy' }).click();
  await expect(page.locator('#nprogress .bar')).toBeVisible();
  await expect(page.locator('.page-spinner .spinner')).toBeVisible();
  release();
  await expect(page.locator('article h1')).toHaveText(/Taxonomy/);
  await expect(page.locator('#nprogress')).toHaveCount(0);
  await expect(page.locator('.page-spinner')).toHaveCount(0);
});

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

// With JavaScript off, a reader can still read every page, follow links, open sidebar
// categories and search (`/search?q=`).

import { expect, test } from '@playwright/test';

test.use({ javaScriptEnabled: false });

test('reads a doc page, opens a sidebar category and follows a link without JavaScript', async ({ page }) => {
  await page.goto('/technical-docs/PoAI/proof-of-ai');
  await expect(page.locator('article h1')).toHaveText('Proof-of-AI');
  await expect(page.locator('.markdown p').first()).toBeVisible();
  await expect(page.locator('html')).not.toHaveAttribute('data-hydrated', 'true');

  // Categories are <details>: the browser opens them by itself.
  const about = page.locator('.doc-sidebar details', { has: page.locator('summary', { hasText: 'About SELF' }) });
  await expect(about).not.toHaveAttribute('open', '');
  await about.locator('summary').click();
  await expect(about).toHaveAttribute('open', '');
  await about.getByRole('link', { name: /Manifesto/ }).click();
  await expect(page).toHaveURL(/\/about-self\/manifesto$/);
  await expect(page.locator('article h1')).toHaveText('Manifesto');

  await page.locator('.pagination-next').click();
  await expect(page).toHaveURL(/\/about-self\/the-story$/);
});

test('searches with the /search form without JavaScript', async ({ page }) => {
  await page.goto('/search');
  await page.getByRole('searchbox', { name: 'Search' }).fill('tokenomics');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(/\/search\?q=tokenomics$/);
  await expect(page.locator('section.search-group').first()).toBeVisible();
  await expect(page.locator('.search-page mark').first()).toHaveText(/tokenomics/i);
  await page.locator('section.search-group h2 a').first().click();
  await expect(page.locator('article h1')).toBeVisible();
});

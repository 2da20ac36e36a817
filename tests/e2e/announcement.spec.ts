// The announcement bar: closing it is remembered in a cookie, so after a reload the server
// leaves it out of the HTML and it never flashes.

import { expect, test } from '@playwright/test';
import { announcementCookie } from '../../client/contract/browser-names.ts';
import { openHydrated, site } from '../support/e2e-pages.ts';

const barSelector = `[data-announcement-id="${site.announcementId}"]`;
const barMarkup = `data-announcement-id="${site.announcementId}"`;

test('shows the announcement bar to a new reader', async ({ page }) => {
  const response = await openHydrated(page, '/');
  expect(await response!.text()).toContain(barMarkup);
  await expect(page.locator(barSelector)).toBeVisible();
  await expect(page.locator(barSelector).getByRole('button', { name: 'Close' })).toBeVisible();
});

test('a closed announcement bar stays closed after a reload, absent from the server HTML', async ({
  page,
  context,
  browser,
  baseURL,
}) => {
  await openHydrated(page, '/');
  const bar = page.locator(barSelector);
  await bar.getByRole('button', { name: 'Close' }).click();
  await expect(bar).toHaveCount(0);

  const cookies = await context.cookies();
  expect(cookies.find((cookie) => cookie.name === announcementCookie)?.value).toBe(site.announcementId);

  const reload = await page.reload();
  expect(await reload!.text()).not.toContain(barMarkup);
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  await expect(bar).toHaveCount(0);

  // What the first paint shows, with no script to hide anything: the same cookie, JS off.
  const staticContext = await browser.newContext({ javaScriptEnabled: false, baseURL });
  try {
    await staticContext.addCookies(cookies);
    const staticPage = await staticContext.newPage();
    await staticPage.goto('/project-status');
    expect(await staticPage.content()).not.toContain(barMarkup);
    await expect(staticPage.locator('nav[aria-label="Main"]')).toBeVisible();
  } finally {
    await staticContext.close();
  }
});

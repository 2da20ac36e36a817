// The first load is plain DOM code; React comes on the reader's first intent (a pointer, focus or
// touch on a link or on a control only React works) and takes over the page as the reader left it.

import { expect, test, type Page } from '@playwright/test';
import { markWindow, openHydrated, site, windowMark } from '../support/e2e-pages.ts';

const route = '/technical-docs/PoAI/proof-of-ai';

/** Console messages about hydration, and errors: a take-over that did not match the page. */
function hydrationProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || /hydrat/i.test(message.text())) problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return problems;
}

const scriptsFetched = (page: Page) =>
  page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((entry) => new URL(entry.name).pathname)
      .filter((path) => path.endsWith('.js')),
  );

test('React waits for intent, then takes over the page as the reader changed it, without a mismatch', async ({
  page,
}) => {
  const problems = hydrationProblems(page);
  await openHydrated(page, route);
  const html = page.locator('html');
  // The controls answer, but no React: the theme toggle, the announcement's close, a category.
  const toggle = page.locator('nav[aria-label="Main"] .navbar-theme-toggle');
  await toggle.click();
  await expect(html).toHaveAttribute('data-theme', 'light');
  await expect(toggle).toHaveAttribute('data-theme-preference', 'light');
  await expect(toggle).toHaveAttribute('aria-label', /currently light mode/);
  await page.locator(`[data-announcement-id="${site.announcementId}"] .announcement-bar-close`).click();
  await expect(page.locator('.announcement-bar')).toHaveCount(0);
  const closed = page.locator('aside.doc-sidebar .sidebar-menu > ul > li > details:not([open]) > summary');
  const label = (await closed.first().textContent())!;
  const category = page.locator('aside.doc-sidebar .sidebar-menu > ul > li > details', {
    has: page.locator(':scope > summary', { hasText: label }),
  });
  await category.locator(':scope > summary').press('Enter');
  await expect(category).toHaveAttribute('open');
  expect(await scriptsFetched(page)).not.toContainEqual(expect.stringMatching(/take-over/));
  await expect(html).not.toHaveAttribute('data-react');

  // The first pointer on a link brings React in.
  await page.locator('.pagination-nav a').first().hover();
  await expect(html).toHaveAttribute('data-react', 'true');
  expect(await scriptsFetched(page)).toContainEqual(expect.stringMatching(/take-over/));
  await expect(toggle).toHaveAttribute('data-theme-preference', 'light');
  await expect(page.locator('.announcement-bar')).toHaveCount(0);
  await expect(category).toHaveAttribute('open');
  // React's toggle goes on from the reader's choice.
  await toggle.click();
  await expect(toggle).toHaveAttribute('data-theme-preference', 'dark');
  expect(problems).toEqual([]);
});

test('a click on a link before React has come navigates without a page load', async ({ page }) => {
  await openHydrated(page, route);
  await markWindow(page);
  // A click without a pointer moving there first: the click is the first intent.
  await page.locator('.pagination-nav a').first().dispatchEvent('click');
  await expect(page.locator('html')).toHaveAttribute('data-react', 'true');
  await expect(page).not.toHaveURL(new RegExp(`${route}$`));
  expect(await windowMark(page)).toBe(1);
});

test.describe('at 375 px', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('a click on the drawer button before React has come opens the drawer once React is here', async ({ page }) => {
    await openHydrated(page, '/project-status');
    await expect(page.locator('html')).not.toHaveAttribute('data-react');
    await page.getByRole('button', { name: 'Toggle navigation bar' }).dispatchEvent('click');
    await expect(page.getByRole('dialog', { name: 'Navigation menu' })).toBeVisible();
  });
});

// The navbar's version dropdown on a versioned Docusaurus site (tests/fixtures/docusaurus-versions,
// built as `npm start` builds it, served on a port of its own): reached and used with the keyboard
// alone, it leads to the same page in the chosen version and remembers that version as the
// reader's preferred one.

import { expect, test, type Page } from '@playwright/test';
import { preferredVersionKey } from '../../client/contract/browser-names.ts';
import { wcagViolations } from '../support/axe.ts';
import { startBuiltSite } from '../support/built-site.ts';
import { waitForHydration } from '../support/e2e-pages.ts';
import type { FixtureServer } from '../support/fixture-server.ts';

let site: FixtureServer | undefined;
let origin = '';

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  site = await startBuiltSite('tests/fixtures/docusaurus-versions');
  origin = site.origin;
});

test.afterAll(async () => {
  await site?.stop();
});

/** Tabs from the top of the page until the version button has the focus; fails if it never does. */
async function tabToVersionButton(page: Page): Promise<void> {
  for (let presses = 0; presses < 40; presses++) {
    await page.keyboard.press('Tab');
    if (await page.evaluate(() => document.activeElement?.classList.contains('version-button'))) return;
  }
  throw new Error('Tab never reached the version button');
}

test('the keyboard opens the dropdown and picks the same page in another version, which is remembered', async ({
  page,
}) => {
  await page.goto(`${origin}/docs/guides/install`);
  await waitForHydration(page);
  const button = page.locator('.version-button');
  await expect(button).toHaveText('2.0');

  await tabToVersionButton(page);
  await page.keyboard.press('Enter');
  await expect(button).toHaveAttribute('aria-expanded', 'true');
  const list = page.locator('.version-list');
  await expect(list).toBeVisible();
  // Newest first; Tab walks the entries in that order.
  await page.keyboard.press('Tab');
  await expect(list.getByRole('link', { name: 'Next' })).toBeFocused();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(list.getByRole('link', { name: '1.0' })).toBeFocused();
  await page.keyboard.press('Enter');

  await expect(page).toHaveURL(`${origin}/docs/1.0/guides/install`);
  await waitForHydration(page);
  await expect(page.locator('.markdown')).toContainText('assembler command of release 1.0');
  await expect(page.locator('.version-banner')).toContainText('no longer actively maintained');
  await expect(button).toHaveText('1.0');
  expect(await page.evaluate((key) => localStorage.getItem(key), preferredVersionKey)).toBe('1.0');

  // A page outside the docs has no version of its own: the dropdown shows the preferred one.
  await page.goto(`${origin}/search?q=toolkit`);
  await waitForHydration(page);
  await expect(button).toHaveText('1.0');
  await expect(page.locator('.version-list').getByRole('link', { name: '1.0', includeHidden: true })).toHaveAttribute(
    'href',
    '/docs/1.0/intro',
  );
});

test('the banner of an unmaintained page leads to the last version and makes it the preferred one', async ({
  page,
}) => {
  // The first page: the banner is the server's markup, which the browser does not hydrate.
  await page.goto(`${origin}/docs/1.0/guides/install`);
  await waitForHydration(page);
  await page.evaluate((key) => localStorage.setItem(key, '1.0'), preferredVersionKey);
  await page.locator('.version-banner').getByRole('link', { name: 'latest version' }).click();
  await expect(page).toHaveURL(`${origin}/docs/guides/install`);
  await expect(page.locator('.version-banner')).toHaveCount(0);
  expect(await page.evaluate((key) => localStorage.getItem(key), preferredVersionKey)).toBe('2.0');
});

test('Escape closes the dropdown and gives the focus back to its button', async ({ page }) => {
  await page.goto(`${origin}/docs/next/intro`);
  await waitForHydration(page);
  await tabToVersionButton(page);
  await page.keyboard.press('Enter');
  await expect(page.locator('.version-list')).toBeVisible();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Escape');
  await expect(page.locator('.version-list')).toBeHidden();
  await expect(page.locator('.version-button')).toBeFocused();
  await expect(page.locator('.version-button')).toHaveAttribute('aria-expanded', 'false');
});

for (const theme of ['light', 'dark'] as const) {
  test(`an unmaintained page with its banner and the open dropdown has no WCAG A/AA violations (${theme})`, async ({
    page,
  }) => {
    await page.context().addCookies([{ name: 'theme', value: theme, url: origin }]);
    await page.goto(`${origin}/docs/1.0/guides/install`);
    await waitForHydration(page);
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
    await page.locator('.version-button').click();
    await expect(page.locator('.version-list')).toBeVisible();
    await expect(page.locator('.version-banner')).toBeVisible();
    expect(await wcagViolations(page)).toEqual([]);
  });
}

test('the search modal searches the docs version of the page on screen', async ({ page }) => {
  await page.goto(`${origin}/docs/1.0/guides/install`);
  await waitForHydration(page);
  await expect(page.locator('.search-button')).toHaveAttribute('data-search-ready', 'true');
  await page.keyboard.press('Control+k');
  const search = page.waitForRequest(
    (request) => request.url().endsWith('/1/indexes/*/queries') && /install/.test(request.postData() ?? ''),
  );
  await page.locator('.DocSearch-Input').fill('install');
  expect((await search).postData()).toContain('docusaurus_tag:docs-default-1.0');
});

// A Docusaurus site's theme components in the browser (tests/fixtures/docusaurus-components,
// served on a port of its own): Tabs that share a groupId follow each other and the reader's
// choice survives a reload; Tabs with a queryString read and write the URL; ThemedImage shows the
// picture of the theme painted.

import { expect, test, type Page } from '@playwright/test';
import { startBuiltSite } from '../support/built-site.ts';
import type { FixtureServer } from '../support/fixture-server.ts';

let site: FixtureServer;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  site = await startBuiltSite('tests/fixtures/docusaurus-components');
});

test.afterAll(async () => {
  await site?.stop();
});

const install = '/docs/guides/install';

async function open(page: Page, path: string) {
  await page.goto(`${site.origin}${path}`);
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
}

/** The tab lists of the page, in order. */
const tablists = (page: Page) => page.getByRole('tablist');

test.describe('Tabs with a groupId', () => {
  test('a choice in one Tabs shows in every Tabs of its group, and survives a reload', async ({ page }) => {
    await open(page, install);
    const [download, run] = [tablists(page).nth(0), tablists(page).nth(1)];
    await expect(download.getByRole('tab', { name: 'Linux' })).toHaveAttribute('aria-selected', 'true');

    await download.getByRole('tab', { name: 'macOS' }).click();
    await expect(download.getByRole('tab', { name: 'macOS' })).toHaveAttribute('aria-selected', 'true');
    await expect(run.getByRole('tab', { name: 'macOS' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByText('open Components.app')).toBeVisible();
    await expect(page.getByText('./components', { exact: true })).toBeHidden();
    expect(await page.evaluate(() => localStorage.getItem('docusaurus.tab.operating-systems'))).toBe('mac');

    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
    await expect(tablists(page).nth(0).getByRole('tab', { name: 'macOS' })).toHaveAttribute('aria-selected', 'true');
    await expect(tablists(page).nth(1).getByRole('tab', { name: 'macOS' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByText('Download the macOS disk image.')).toBeVisible();
    // Tabs of another group keep their own default.
    await expect(tablists(page).nth(2).getByRole('tab', { name: 'npm' })).toHaveAttribute('aria-selected', 'true');
  });

  test('follows the choice made in another browser tab', async ({ page, context }) => {
    await open(page, install);
    const other = await context.newPage();
    await open(other, install);
    await tablists(other).nth(1).getByRole('tab', { name: 'Windows' }).click();
    await expect(tablists(page).nth(0).getByRole('tab', { name: 'Windows' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByText('Download the Windows installer.')).toBeVisible();
  });

  test('moves the choice with the arrow keys, keeping focus on the chosen tab', async ({ page }) => {
    await open(page, install);
    await tablists(page).nth(0).getByRole('tab', { name: 'Linux' }).focus();
    await page.keyboard.press('ArrowRight');
    const windows = tablists(page).nth(0).getByRole('tab', { name: 'Windows' });
    await expect(windows).toBeFocused();
    await expect(windows).toHaveAttribute('aria-selected', 'true');
    await expect(tablists(page).nth(1).getByRole('tab', { name: 'Windows' })).toHaveAttribute('aria-selected', 'true');
  });
});

test.describe('Tabs on a page shown by client-side navigation', () => {
  test('show the stored choice, and follow their group and the arrow keys', async ({ page }) => {
    await open(page, '/docs/intro');
    await page.evaluate(() => {
      localStorage.setItem('docusaurus.tab.operating-systems', 'mac');
      (window as unknown as { stayed: boolean }).stayed = true;
    });
    await page.locator('.markdown').getByRole('link', { name: 'installing' }).click();
    await expect(page).toHaveURL(/\/docs\/guides\/install$/);
    const [download, run] = [tablists(page).nth(0), tablists(page).nth(1)];
    await expect(download.getByRole('tab', { name: 'macOS' })).toHaveAttribute('aria-selected', 'true');
    // Still the same document: the page came by client-side navigation, not a reload.
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);

    await run.getByRole('tab', { name: 'Windows' }).click();
    await expect(download.getByRole('tab', { name: 'Windows' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByText('Download the Windows installer.')).toBeVisible();
    await page.keyboard.press('ArrowLeft');
    await expect(run.getByRole('tab', { name: 'Linux' })).toBeFocused();
    await expect(download.getByRole('tab', { name: 'Linux' })).toHaveAttribute('aria-selected', 'true');
    expect(await page.evaluate(() => localStorage.getItem('docusaurus.tab.operating-systems'))).toBe('linux');
  });
});

test.describe('Tabs with a queryString', () => {
  test('writes the choice into the URL under the group id, and reads it back', async ({ page, browser }) => {
    await open(page, install);
    await tablists(page).nth(2).getByRole('tab', { name: 'Yarn' }).click();
    await expect(page).toHaveURL(/\?package-manager=yarn$/);
    await expect(page.getByText('yarn add components')).toBeVisible();

    // A reader who opens the shared link, with nothing stored, gets the same tab.
    const fresh = await browser.newContext();
    const reader = await fresh.newPage();
    await open(reader, `${install}?package-manager=yarn`);
    await expect(tablists(reader).nth(2).getByRole('tab', { name: 'Yarn' })).toHaveAttribute('aria-selected', 'true');
    await fresh.close();
  });

  test('uses the key the queryString names, and ignores a value no tab has', async ({ page }) => {
    await open(page, `${install}?lang=js`);
    const languages = tablists(page).nth(3);
    await expect(languages.getByRole('tab', { name: 'JavaScript' })).toHaveAttribute('aria-selected', 'true');
    await languages.getByRole('tab', { name: 'TypeScript' }).click();
    await expect(page).toHaveURL(/\?lang=ts$/);

    await open(page, `${install}?lang=cobol`);
    await expect(tablists(page).nth(3).getByRole('tab', { name: 'TypeScript' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
  });
});

test.describe('ThemedImage', () => {
  for (const theme of ['light', 'dark'] as const) {
    test(`shows only the ${theme} picture in the ${theme} theme`, async ({ page, context }) => {
      await context.addCookies([{ name: 'theme', value: theme, url: site.origin }]);
      await page.goto(`${site.origin}/docs/guides/tour`);
      const other = theme === 'light' ? 'dark' : 'light';
      await expect(page.locator(`img[src="/img/diagram-${theme}.svg"]`)).toBeVisible();
      await expect(page.locator(`img[src="/img/diagram-${other}.svg"]`)).toBeHidden();
    });
  }
});

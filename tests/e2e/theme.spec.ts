// Colour theme: right on the first paint (from the cookie, no script needed), flipped by the
// toggle, kept over reloads and followed by the reader's other tabs.

import { expect, test } from '@playwright/test';
import { themeCookie } from '../../client/contract/browser-names.ts';
import { openHydrated, themeInHtml } from '../support/e2e-pages.ts';

test.describe('first paint without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('serves the light theme on first paint when the cookie says light', async ({ page, context, baseURL }) => {
    await context.addCookies([{ name: themeCookie, value: 'light', url: baseURL! }]);
    const response = await page.goto('/project-status');
    expect(themeInHtml(await response!.text())).toBe('light');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    // No script ran: the theme is the server's doing.
    await expect(page.locator('html')).not.toHaveAttribute('data-hydrated', 'true');
  });

  test('serves the dark theme on first paint when there is no theme cookie', async ({ page }) => {
    const response = await page.goto('/project-status');
    expect(themeInHtml(await response!.text())).toBe('dark');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  });

  test('serves the dark theme on first paint when the cookie says dark', async ({ page, context, baseURL }) => {
    await context.addCookies([{ name: themeCookie, value: 'dark', url: baseURL! }]);
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  });
});

test.describe('colour toggle', () => {
  test('flips dark to light and back', async ({ page }) => {
    await openHydrated(page, '/project-status');
    const html = page.locator('html');
    const toggle = page.locator('nav[aria-label="Main"] .navbar-theme-toggle');
    await expect(html).toHaveAttribute('data-theme', 'dark');
    await toggle.click();
    await expect(html).toHaveAttribute('data-theme', 'light');
    await expect(toggle).toHaveAttribute('data-theme-preference', 'light');
    await toggle.click();
    await expect(html).toHaveAttribute('data-theme', 'dark');
  });

  test('keeps the chosen theme over a reload, painted by the server', async ({ page, context }) => {
    await openHydrated(page, '/project-status');
    await page.locator('nav[aria-label="Main"] .navbar-theme-toggle').click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    expect((await context.cookies()).find((cookie) => cookie.name === themeCookie)?.value).toBe('light');

    const reload = await page.reload();
    expect(themeInHtml(await reload!.text())).toBe('light');
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  });

  test('the footer has a theme toggle too', async ({ page }) => {
    await openHydrated(page, '/');
    await page.locator('.footer-theme-toggle-wrapper button').click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  });

  test("a theme change in one tab reaches the reader's other open tab", async ({ context }) => {
    const first = await context.newPage();
    const second = await context.newPage();
    await openHydrated(first, '/project-status');
    await openHydrated(second, '/');
    await expect(second.locator('html')).toHaveAttribute('data-theme', 'dark');

    await first.locator('.footer-theme-toggle-wrapper button').click();
    await expect(first.locator('html')).toHaveAttribute('data-theme', 'light');
    await expect(second.locator('html')).toHaveAttribute('data-theme', 'light');
    // The other tab's toggle knows too, so its next click flips back to dark.
    await expect(second.locator('.footer-theme-toggle-wrapper button')).toHaveAttribute(
      'data-theme-preference',
      'light',
    );
  });
});

// WCAG 2.0/2.1/2.2 A and AA checks (axe-core) on every route of the site in both colour themes,
// plus the open search modal and the mobile drawer.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { wcagViolations } from '../support/axe.ts';
import { openHydrated } from '../support/e2e-pages.ts';

const briefRoutes: string[] = JSON.parse(
  readFileSync(join(import.meta.dirname, '../fixtures/brief-routes.json'), 'utf8'),
);
/** Every page a reader can reach: the brief's routes, a search results page and the 404 page. */
const everyRoute = [...briefRoutes, '/search?q=kyber', '/no/such/page'];

// Ninety independent pages: let both workers share them.
test.describe.configure({ mode: 'parallel' });

for (const theme of ['light', 'dark'] as const) {
  test.describe(`${theme} theme`, () => {
    test.beforeEach(async ({ context, baseURL }) => {
      await context.addCookies([{ name: 'theme', value: theme, url: baseURL! }]);
    });

    for (const route of everyRoute) {
      test(`${route} has no WCAG A/AA violations`, async ({ page }) => {
        await openHydrated(page, route);
        await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
        expect(await wcagViolations(page), `${route} in the ${theme} theme`).toEqual([]);
      });
    }

    test('the open search modal has no WCAG A/AA violations', async ({ page }) => {
      await openHydrated(page, '/technical-docs/PoAI/proof-of-ai');
      await page.locator('[data-search-ready="true"]').click();
      await page.locator('.DocSearch-Input').fill('validator');
      await expect(page.locator('.DocSearch-Hit').first()).toBeVisible();
      // DocSearch's own combobox markup (upstream, not ours): the input's aria-activedescendant
      // and its hit links inside role=option. Colours, labels and everything else are checked.
      expect(await wcagViolations(page, ['aria-valid-attr-value', 'nested-interactive'])).toEqual([]);
    });

    test('the open mobile drawer has no WCAG A/AA violations', async ({ page }) => {
      await page.setViewportSize({ width: 375, height: 800 });
      await openHydrated(page, '/technical-docs/PoAI/proof-of-ai');
      await page.getByRole('button', { name: 'Toggle navigation bar' }).click();
      await expect(page.getByRole('dialog', { name: 'Navigation menu' })).toBeVisible();
      expect(await wcagViolations(page)).toEqual([]);
    });
  });
}

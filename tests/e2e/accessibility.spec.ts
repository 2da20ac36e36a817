// WCAG 2.0/2.1/2.2 A and AA checks (axe-core) on every route of the site in both colour themes,
// plus the open search modal and the mobile drawer.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { paintPageAtLightestGradientColour, wcagViolations } from '../support/axe.ts';
import { openHydrated } from '../support/e2e-pages.ts';

const briefRoutes: string[] = JSON.parse(
  readFileSync(join(import.meta.dirname, '../fixtures/brief-routes.json'), 'utf8'),
);
/** Every page a reader can reach: the brief's routes, a search results page and the 404 page. */
const everyRoute = [...briefRoutes, '/search?q=kyber', '/no/such/page'];

// Ninety independent pages: both workers share them. A long page (thousands of highlighted code
// tokens) takes axe many seconds on a busy machine.
test.describe.configure({ mode: 'parallel', timeout: 90_000 });

/** One browser page per worker for the route checks, so scripts, styles and fonts stay cached. */
const routeTest = test.extend<object, { routePage: Page }>({
  routePage: [
    async ({ browser }, use, workerInfo) => {
      const { baseURL, viewport } = workerInfo.project.use;
      const context = await browser.newContext({ baseURL, viewport });
      await use(await context.newPage());
      await context.close();
    },
    { scope: 'worker' },
  ],
});

for (const theme of ['light', 'dark'] as const) {
  test.describe(`${theme} theme`, () => {
    for (const route of everyRoute) {
      routeTest(`${route} has no WCAG A/AA violations`, async ({ routePage: page, baseURL }) => {
        await page.context().addCookies([{ name: 'theme', value: theme, url: baseURL! }]);
        await openHydrated(page, route);
        await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
        await paintPageAtLightestGradientColour(page);
        expect(await wcagViolations(page), `${route} in the ${theme} theme`).toEqual([]);
      });
    }

    test('the open search modal has no WCAG A/AA violations', async ({ page, baseURL }) => {
      await page.context().addCookies([{ name: 'theme', value: theme, url: baseURL! }]);
      await openHydrated(page, '/technical-docs/PoAI/proof-of-ai');
      await page.locator('[data-search-ready="true"]').click();
      await page.locator('.DocSearch-Input').fill('validator');
      await expect(page.locator('.DocSearch-Hit').first()).toBeVisible();
      // DocSearch's own combobox markup (upstream, not ours): the input's aria-activedescendant
      // and its hit links inside role=option. Colours, labels and everything else are checked.
      expect(await wcagViolations(page, ['aria-valid-attr-value', 'nested-interactive'])).toEqual([]);
    });

    test('the open mobile drawer has no WCAG A/AA violations', async ({ page, baseURL }) => {
      await page.context().addCookies([{ name: 'theme', value: theme, url: baseURL! }]);
      await page.setViewportSize({ width: 375, height: 800 });
      await openHydrated(page, '/technical-docs/PoAI/proof-of-ai');
      await page.getByRole('button', { name: 'Toggle navigation bar' }).click();
      await expect(page.getByRole('dialog', { name: 'Navigation menu' })).toBeVisible();
      expect(await wcagViolations(page)).toEqual([]);
    });
  });
}

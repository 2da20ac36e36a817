// WCAG 2.0/2.1/2.2 A and AA checks (axe-core) on every route of the site in both colour themes,
// plus the open search modal and the mobile drawer.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { themeCookie } from '../../client/contract/browser-names.ts';
import { paintPageAtLightestGradientColour, wcagViolations } from '../support/axe.ts';
import { openHydrated } from '../support/e2e-pages.ts';

const briefRoutes: string[] = JSON.parse(
  readFileSync(join(import.meta.dirname, '../fixtures/brief-routes.json'), 'utf8'),
);
/** Every page a reader can reach: the brief's routes, a search results page and the 404 page. */
const everyRoute = [...briefRoutes, '/search?q=kyber', '/no/such/page'];

// Forty-five independent pages: both workers share them. A long page (thousands of highlighted code
// tokens) takes axe many seconds on a busy machine, twice (once a theme).
test.describe.configure({ mode: 'parallel', timeout: 120_000 });
// A failure names the rules, the nodes and why; recording a trace of every passing check costs more
// than the check.
test.use({ trace: 'off' });

/** One browser page per worker for the route checks, so scripts, styles and fonts stay cached. */
const routeTest = test.extend<object, { routePage: Page }>({
  routePage: [
    async ({ browser }, use, workerInfo) => {
      const { baseURL, viewport } = workerInfo.project.use;
      const context = await browser.newContext({ baseURL, viewport });
      // Each check switches the theme, which the page keeps in localStorage too (it wins over the
      // cookie on the next load): every load starts from the cookie alone, as a new reader's.
      await context.addInitScript((key) => localStorage.removeItem(key), themeCookie);
      await use(await context.newPage());
      await context.close();
    },
    { scope: 'worker' },
  ],
});

const themes = ['light', 'dark'] as const;
type Theme = (typeof themes)[number];

/** axe's findings on the page as it stands in `theme`, the gradient painted at its lightest. */
async function violationsIn(page: Page, theme: Theme): Promise<string[]> {
  await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
  // The switch fades colours in: measure the colours it ends on.
  await page.evaluate(() => Promise.all(document.getAnimations().map((animation) => animation.finished)));
  await paintPageAtLightestGradientColour(page);
  return wcagViolations(page);
}

// Each route in both themes, in one load: the page is served in one theme (its cookie) and switched
// to the other with the navbar's toggle, as a reader switches. Every other route is served in each,
// so the server's rendering of both themes is checked too.
test.describe('every route', () => {
  everyRoute.forEach((route, index) => {
    const served = themes[index % 2]!;
    const switched = themes[(index + 1) % 2]!;
    routeTest(
      `${route} has no WCAG A/AA violations, served ${served} then switched to ${switched}`,
      async ({ routePage: page, baseURL }) => {
        // The page's own switch in an earlier check left a cookie of its own (the browser keeps it
        // beside one set from here, and sends both).
        await page.context().clearCookies({ name: themeCookie });
        await page.context().addCookies([{ name: themeCookie, value: served, url: baseURL! }]);
        await openHydrated(page, route);
        expect.soft(await violationsIn(page, served), `${route} in the ${served} theme`).toEqual([]);
        await page.locator('nav[aria-label="Main"] .navbar-theme-toggle').click();
        expect(await violationsIn(page, switched), `${route} in the ${switched} theme`).toEqual([]);
      },
    );
  });
});

for (const theme of themes) {
  test.describe(`${theme} theme`, () => {
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

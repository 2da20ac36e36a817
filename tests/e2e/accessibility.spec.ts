// WCAG 2 A/AA checks (axe-core) in both colour themes: pages, the search modal, the drawer.

import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { openHydrated } from '../support/e2e-pages.ts';

async function violations(page: Page, knownUpstream: string[] = []) {
  const results = await new AxeBuilder({ page })
    .disableRules(knownUpstream)
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    // Third-party embeds cannot load here and are not ours to fix.
    .exclude('iframe')
    .analyze();
  return results.violations.map(
    (violation) =>
      `${violation.id}: ${violation.nodes
        .map((node) => node.target.join(' '))
        .slice(0, 3)
        .join(', ')}`,
  );
}

for (const theme of ['light', 'dark'] as const) {
  test.describe(`${theme} theme`, () => {
    test.beforeEach(async ({ context, baseURL }) => {
      await context.addCookies([{ name: 'theme', value: theme, url: baseURL! }]);
    });

    for (const path of [
      '/',
      '/technical-docs/PoAI/proof-of-ai',
      '/roadmap/Token/Tokenomics',
      '/search?q=kyber',
      '/no/such/page',
    ]) {
      test(`${path} has no WCAG A/AA violations`, async ({ page }) => {
        await openHydrated(page, path);
        expect(await violations(page)).toEqual([]);
      });
    }

    test('the open search modal has no WCAG A/AA violations', async ({ page }) => {
      await openHydrated(page, '/technical-docs/PoAI/proof-of-ai');
      await page.locator('[data-search-ready="true"]').click();
      await page.locator('.DocSearch-Input').fill('validator');
      await expect(page.locator('.DocSearch-Hit').first()).toBeVisible();
      // DocSearch's own combobox markup (upstream, not ours): the input's aria-activedescendant
      // and its hit links inside role=option. Colours, labels and everything else are checked.
      expect(await violations(page, ['aria-valid-attr-value', 'nested-interactive'])).toEqual([]);
    });

    test('the open mobile drawer has no WCAG A/AA violations', async ({ page }) => {
      await page.setViewportSize({ width: 375, height: 800 });
      await openHydrated(page, '/technical-docs/PoAI/proof-of-ai');
      await page.getByRole('button', { name: 'Toggle navigation bar' }).click();
      await expect(page.getByRole('dialog', { name: 'Navigation menu' })).toBeVisible();
      expect(await violations(page)).toEqual([]);
    });
  });
}

import { expect, test } from '@playwright/test';
import { openHydrated } from '../support/e2e-pages.ts';
for (let i = 0; i < 4; i++) {
  for (const path of ['/project-status', '/', '/search?q=kyber', '/technical-docs/PoAI/ai-validator-algorithm']) {
    test(`hydration ${path} ${i}`, async ({ page }) => {
      const warnings: string[] = [];
      page.on('console', (m) => /hydrat|418/i.test(m.text()) && warnings.push(m.text().slice(0, 200)));
      await openHydrated(page, path);
      await page.waitForTimeout(300);
      expect(warnings).toEqual([]);
    });
  }
}

// JSON-LD in a real browser: the data blocks sit inline in the HTML, and the CSP forbids inline
// scripts, so Chromium must see them as data — no `securitypolicyviolation`, and they parse.

import { expect, test } from '@playwright/test';
import { openHydrated } from '../support/e2e-pages.ts';

for (const [path, types] of [
  ['/', ['TechArticle', 'WebSite']],
  ['/technical-docs/PoAI/proof-of-ai', ['TechArticle', 'BreadcrumbList']],
] as const) {
  test(`${path} carries parseable JSON-LD without a CSP violation`, async ({ page }) => {
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { cspViolations: string[] }).cspViolations = seen;
      document.addEventListener('securitypolicyviolation', (event) =>
        seen.push(`${event.violatedDirective}: ${event.blockedURI} ${event.sample}`),
      );
    });
    const cspConsole: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) cspConsole.push(message.text());
    });
    await openHydrated(page, path);
    expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual([]);
    expect(cspConsole).toEqual([]);
    const blocks = await page.evaluate(() =>
      [...document.querySelectorAll('script[type="application/ld+json"]')].map(
        (script) => JSON.parse(script.textContent ?? '') as { '@type': string },
      ),
    );
    expect(blocks.map((block) => block['@type'])).toEqual(expect.arrayContaining([...types]));
  });
}

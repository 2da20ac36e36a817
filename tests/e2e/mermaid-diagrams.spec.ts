// ```mermaid fences of a Docusaurus site (tests/fixtures/docusaurus-mermaid, served on a port of
// its own): drawn as SVG in the browser, in Mermaid's theme for each colour mode and again when
// the reader switches, after client-side navigation too; the source is readable without
// JavaScript; a page without a diagram loads none of Mermaid's code; no error, no CSP violation.

import { expect, test, type Page, type Request } from '@playwright/test';
import { watchProblems } from '../support/page-problems.ts';
import { startBuiltSite } from '../support/built-site.ts';
import type { FixtureServer } from '../support/fixture-server.ts';

let site: FixtureServer;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  site = await startBuiltSite('tests/fixtures/docusaurus-mermaid');
});

test.afterAll(async () => {
  await site?.stop();
});

/** The scripts the page requests, and their bytes. */
function watchScripts(page: Page): { url: string; bytes: () => Promise<number> }[] {
  const scripts: { url: string; bytes: () => Promise<number> }[] = [];
  page.on('requestfinished', (request: Request) => {
    if (request.resourceType() !== 'script') return;
    scripts.push({ url: request.url(), bytes: async () => (await request.sizes()).responseBodySize });
  });
  return scripts;
}

const diagram = (page: Page) => page.locator('.mermaid-diagram');

async function openInTheme(page: Page, theme: 'light' | 'dark', path: string) {
  await page.context().addCookies([{ name: 'theme', value: theme, url: site.origin }]);
  await page.goto(`${site.origin}${path}`);
}

/** The fill of the flowchart's first node: Mermaid's theme decides it. */
const nodeFill = (page: Page) =>
  diagram(page)
    .locator('svg .node rect, svg .node polygon')
    .first()
    .evaluate((shape) => getComputedStyle(shape).fill);

test('draws the diagram as SVG in the light and the dark theme, with no error or CSP violation', async ({ page }) => {
  const problems = watchProblems(page);
  await openInTheme(page, 'light', '/docs/flow');
  await expect(diagram(page)).toHaveAttribute('data-rendered', 'light');
  await expect(diagram(page).locator('svg')).toBeVisible();
  await expect(diagram(page).locator('svg')).toContainText('Shipped');
  await expect(diagram(page).locator('.mermaid-source')).toBeHidden();
  await expect(diagram(page).locator('.code-copy')).toBeHidden();
  const light = await nodeFill(page);

  await openInTheme(page, 'dark', '/docs/flow');
  await expect(diagram(page)).toHaveAttribute('data-rendered', 'dark');
  await expect(diagram(page).locator('svg')).toBeVisible();
  expect(await nodeFill(page)).not.toBe(light);
  // The other fence is code, as before.
  await expect(page.locator('pre').filter({ hasText: "console.log('not a diagram')" })).toBeVisible();
  expect(problems).toEqual([]);
});

test('draws the diagram again when the reader switches the colour mode', async ({ page }) => {
  const problems = watchProblems(page);
  await openInTheme(page, 'light', '/docs/flow');
  await expect(diagram(page)).toHaveAttribute('data-rendered', 'light');
  const light = await nodeFill(page);
  await page.locator('.theme-toggle').first().click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect(diagram(page)).toHaveAttribute('data-rendered', 'dark');
  expect(await nodeFill(page)).not.toBe(light);
  expect(problems).toEqual([]);
});

test('a page without a diagram loads none of Mermaid’s code; navigating to one draws it', async ({ page }) => {
  const problems = watchProblems(page);
  const scripts = watchScripts(page);
  await openInTheme(page, 'light', '/docs/intro');
  await page.waitForLoadState('networkidle');
  const withoutDiagram = scripts.map((script) => script.url);
  expect(withoutDiagram.filter((url) => /mermaid|Diagram/i.test(url))).toEqual([]);

  await page.getByRole('link', { name: 'flow of an order' }).click();
  await expect(page).toHaveURL(/\/docs\/flow$/);
  await expect(diagram(page)).toHaveAttribute('data-rendered', 'light');
  await expect(diagram(page).locator('svg')).toContainText('Shipped');
  expect(scripts.some((script) => /mermaid-diagrams-/.test(script.url))).toBe(true);
  expect(problems).toEqual([]);
});

test('without JavaScript the diagram’s source is there to read', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`${site.origin}/docs/flow`);
  await expect(diagram(page).locator('pre.mermaid-source')).toBeVisible();
  await expect(diagram(page).locator('pre.mermaid-source')).toContainText('Cart[Cart] --> Checkout{Paid?}');
  await context.close();
});

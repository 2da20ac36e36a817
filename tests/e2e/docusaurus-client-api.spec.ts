// Docusaurus's client API in the browser (tests/fixtures/docusaurus-client-api, served on a port
// of its own): site components hydrate with what the build rendered, then follow the browser as
// Docusaurus's do: the router's location after history.push, client-side navigation from it, the
// reader's preferred version, the window size, the doc page's hooks, and an error boundary's fallback.

import { expect, test } from '@playwright/test';
import { watchProblems } from '../support/page-problems.ts';
import { startBuiltSite } from '../support/built-site.ts';
import type { FixtureServer } from '../support/fixture-server.ts';

let site: FixtureServer;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  site = await startBuiltSite('tests/fixtures/docusaurus-client-api');
});

test.afterAll(async () => {
  await site?.stop();
});

test("useLocation follows history.push, which navigates within the site's client", async ({ page }) => {
  const problems = watchProblems(page);
  await page.goto(`${site.origin}/docs/next/islands`);
  await expect(page.locator('self-island[data-hydrated="true"]').first()).toBeAttached();
  // Hydrated: the window size is the browser's, no longer the build's 'ssr'.
  await expect(page.locator('.theme')).toHaveText('light Client API desktop #101010 theme-code-block');
  await expect(page.locator('.location')).toHaveText('/docs/next/islands');
  await page.getByRole('button', { name: 'Add query' }).click();
  await expect(page.locator('.location')).toHaveText('/docs/next/islands?tab=two');
  await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
  await page.getByRole('button', { name: 'Go to intro' }).click();
  await expect(page).toHaveURL(`${site.origin}/docs/next/intro`);
  await expect(page.getByText('Orbit, the next release.')).toBeVisible();
  // The active doc context of the page navigated to, and no reload on the way.
  await expect(page.locator('.docs-facts')).toContainText('doc: intro in guide');
  expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
  expect(problems).toEqual([]);
});

test("useDocsPreferredVersion answers the reader's stored version once hydrated", async ({ page }) => {
  const problems = watchProblems(page);
  await page.addInitScript(() => localStorage.setItem('docs-preferred-version-default', '1.0'));
  await page.goto(`${site.origin}/docs/next/islands`);
  await expect(page.locator('.docs-facts')).toContainText('preferred: 1.0');
  expect(problems).toEqual([]);
});

test('useDoc and useDocsSidebar answer for the doc an island is on, hydrated and after client-side navigation', async ({
  page,
}) => {
  const problems = watchProblems(page);
  await page.goto(`${site.origin}/docs/next/islands`);
  const doc = page.locator('self-island[data-island="src/components/ThisDoc.jsx"]');
  await expect(doc.locator('.this-doc-title')).toHaveText('Islands in guide: 4 items');
  await expect(doc).toHaveAttribute('data-hydrated', 'true');
  await doc.getByRole('button', { name: 'Show headings' }).click();
  await expect(doc.locator('.this-doc-toc')).toHaveText('Notes');
  await page.getByRole('button', { name: 'Go to intro' }).click();
  await expect(page).toHaveURL(`${site.origin}/docs/next/intro`);
  // Rendered by the browser from the page's data, once its chunk is loaded.
  const rendered = page.locator('self-island[data-island="src/components/ThisDoc.jsx"][data-hydrated="true"]');
  await expect(rendered.locator('.this-doc-title')).toHaveText('Intro in guide: 4 items');
  await rendered.getByRole('button', { name: 'Show headings' }).click();
  await expect(rendered.locator('.this-doc-toc')).toHaveText('none');
  expect(problems).toEqual([]);
});

test('an ErrorBoundary shows its fallback for what its children throw in the browser', async ({ page }) => {
  await page.goto(`${site.origin}/docs/next/islands?throw`);
  await expect(page.locator('.fallback')).toHaveText('Caught: boom');
  // The rest of the component still works.
  await expect(page.locator('.translated')).toHaveText('Hello, readers!');
});

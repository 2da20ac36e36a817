// Live reload under `npm start`: the author edits a copy of the SELF site while a tab is open, and
// the tab follows by itself. A page's own edit morphs in place (the tab is not reloaded: a value
// set on `window` survives, and so do the scroll position and an open <details>); a config edit
// reloads the tab; a page that breaks shows its problems, and comes back once fixed.

import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { startFixtureServer, type FixtureServer } from '../support/fixture-server.ts';

// A port of this spec's own, beside the suite's server.
const port = Number(process.env.E2E_PORT ?? 8802) + 1000;
/** A rebuild on a busy machine: the build, the KV write, the tab's fetch. */
const rebuilt = { timeout: 90_000 };

let site: FixtureServer;
let pageFile: string;
const route = '/roadmap/super-app-testnet';

test.describe.configure({ mode: 'serial', timeout: 180_000 });

test.beforeAll(async () => {
  test.setTimeout(300_000);
  site = await startFixtureServer('content', { copy: true, port });
  pageFile = join(site.siteDir, 'docs', 'roadmap', 'super-app-testnet.md');
});

test.afterAll(async () => {
  await site?.stop();
});

async function edit(file: string, change: (text: string) => string): Promise<void> {
  const before = await readFile(file, 'utf8');
  const after = change(before);
  expect(after).not.toBe(before);
  await writeFile(file, after);
}

/** Marks the document: a reload (or navigation) loses the mark, a morph keeps it. */
async function markDocument(page: Page): Promise<void> {
  await page.evaluate(() => ((window as unknown as { liveReloadMark: number }).liveReloadMark = 1));
}

const markKept = (page: Page) =>
  page.evaluate(() => (window as unknown as { liveReloadMark?: number }).liveReloadMark === 1);

async function openTab(page: Page): Promise<void> {
  await page.goto(site.origin + route);
  // The tab listens once its script has heard the build it shows.
  await expect(page.locator('html[data-live-reload="listening"]')).toBeAttached(rebuilt);
}

test('an edit to the open page shows in place, scroll position and open details kept', async ({ page }) => {
  await openTab(page);
  await edit(pageFile, (text) =>
    text.replace(
      /^# (.+)$/m,
      '# $1\n\n<details>\n<summary>Reviewer notes</summary>\n\nNotes stay open.\n\n</details>\n\nDraft one of the intro.',
    ),
  );
  await expect(page.getByText('Draft one of the intro.')).toBeVisible(rebuilt);
  await page.locator('summary', { hasText: 'Reviewer notes' }).click();
  await page.mouse.wheel(0, 1500);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
  const scrolled = await page.evaluate(() => window.scrollY);
  await markDocument(page);

  await edit(pageFile, (text) => text.replace('Draft one of the intro.', 'Draft two of the intro.'));
  await expect(page.getByText('Draft two of the intro.')).toBeAttached(rebuilt);
  expect(await markKept(page)).toBe(true);
  expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
  await expect(page.locator('details', { hasText: 'Reviewer notes' })).toHaveAttribute('open', '');
});

test('a page that breaks shows its problems, and comes back once fixed', async ({ page }) => {
  await openTab(page);
  await markDocument(page);
  await edit(pageFile, (text) => text.replace('Draft two of the intro.', 'Draft two of the intro.\n\n<Foo />'));
  await expect(page.getByText('This page failed to build')).toBeVisible(rebuilt);
  await expect(page.getByText('unknown component <Foo>')).toBeVisible();
  await expect(page.getByText(/docs\/roadmap\/super-app-testnet\.md:\d+/).first()).toBeVisible();

  await edit(pageFile, (text) => text.replace('\n\n<Foo />', '\n\nDraft three, fixed.'));
  await expect(page.getByText('Draft three, fixed.')).toBeVisible(rebuilt);
  await expect(page.getByText('This page failed to build')).toHaveCount(0);
  expect(await markKept(page)).toBe(true);
});

test('an edit to the config reloads the open tab with the new chrome', async ({ page }) => {
  await openTab(page);
  await markDocument(page);
  await edit(join(site.siteDir, 'site.config.ts'), (text) =>
    text.replace("title: 'SELF Documentation'", "title: 'SELF Handbook'"),
  );
  await expect(page).toHaveTitle(/SELF Handbook/, rebuilt);
  expect(await markKept(page)).toBe(false);
});

// The browser tests' wait for a page's first load (tests/support/e2e-pages.ts) loads a page again
// only when its scripts never arrived, and fails a page whose scripts all came but did not start.

import { expect, test, type Page } from '@playwright/test';
import { scriptsNotArrived, waitForHydration } from '../support/e2e-pages.ts';

const path = '/technical-docs/PoAI/proof-of-ai';
/** Short, so a wait that fails does so quickly here. */
const wait = 5_000;

/** The first chunk the start script preloads, as the server names it. */
async function firstChunk(page: Page): Promise<string> {
  const html = await (await page.request.get(path)).text();
  const preload = /id="__start"[^>]*data-preload="([^" ]+)/.exec(html)?.[1];
  expect(preload, 'the start script preloads a chunk').toBeTruthy();
  return preload!;
}

test('a page one of whose chunks never arrives is loaded again, once, and then starts', async ({ page }) => {
  const chunk = await firstChunk(page);
  let held = 0;
  // The first load's request for the chunk is never answered, as Chromium once left one unsent.
  await page.route(`**${chunk}`, async (route) => {
    if (held++ === 0) return new Promise<void>(() => undefined);
    return route.continue();
  });
  // Not waiting for `load`, which the chunk's preload may hold back.
  await page.goto(path, { waitUntil: 'domcontentloaded' });
  await waitForHydration(page, wait);
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  expect(test.info().annotations.map((note) => note.type)).toEqual(['reloaded']);
  expect(test.info().annotations[0]!.description).toContain(chunk);
});

test('a page whose scripts all came but did not start fails the wait, without loading it again', async ({ page }) => {
  const html = await (await page.request.get(path)).text();
  const main = /id="__start"[^>]*data-src="([^"]+)"/.exec(html)?.[1];
  expect(main).toBeTruthy();
  // The module arrives, and does nothing.
  await page.route(`**${main}`, (route) =>
    route.fulfill({ status: 200, contentType: 'text/javascript', body: 'export {};' }),
  );
  let loads = 0;
  page.on('load', () => loads++);
  await page.goto(path);
  // Every script has come (however busy the machine): the wait must not load the page again.
  await expect.poll(() => scriptsNotArrived(page), { timeout: 45_000 }).toEqual([]);
  await expect(waitForHydration(page, wait)).rejects.toThrow(/toHaveAttribute/);
  expect(loads).toBe(1);
  expect(test.info().annotations).toEqual([]);
});

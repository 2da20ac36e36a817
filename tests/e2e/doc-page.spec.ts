// A doc page as a reader meets it: a clean load, the skip link first for keyboard users,
// and a table of contents that follows the reading position.

import { expect, test, type ConsoleMessage } from '@playwright/test';
import { fetchPageData, openHydrated, readBoot } from '../support/e2e-pages.ts';

const tocPage = '/technical-docs/PoAI/proof-of-ai';

/** Failed loads of other origins (embeds the host resolver rules block) are not our errors. */
function isOwnProblem(message: ConsoleMessage, origin: string): boolean {
  if (message.type() !== 'error' && !/hydrat/i.test(message.text())) return false;
  const source = message.location().url;
  const failedLoad = /Failed to load resource|ERR_NAME_NOT_RESOLVED/.test(message.text());
  return !(failedLoad && source && !source.startsWith(origin));
}

for (const path of ['/', '/project-status', tocPage, '/about-self/evolution']) {
  test(`${path} loads and hydrates without console errors`, async ({ page, baseURL }) => {
    const problems: string[] = [];
    page.on('console', (message) => {
      if (isOwnProblem(message, baseURL!))
        problems.push(`${message.type()}: ${message.text()} (${message.location().url})`);
    });
    page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
    const failedOwn: string[] = [];
    page.on('requestfailed', (request) => request.url().startsWith(baseURL!) && failedOwn.push(request.url()));
    page.on(
      'response',
      (response) =>
        response.url().startsWith(baseURL!) &&
        response.status() >= 400 &&
        failedOwn.push(`${response.status()} ${response.url()}`),
    );

    const response = await openHydrated(page, path);
    expect(response?.status()).toBe(200);
    await page.waitForLoadState('load');
    expect(problems).toEqual([]);
    expect(failedOwn).toEqual([]);
  });
}

test('the skip link is the first thing Tab reaches and leads into the main content', async ({ page }) => {
  await openHydrated(page, '/project-status');
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to main content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await expect(skip).toHaveAttribute('href', '#__main');

  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab');
  const insideMain = await page.evaluate(() => Boolean(document.activeElement?.closest('#__main')));
  expect(insideMain, 'the Tab after the skip link lands inside <main>').toBe(true);
});

test('the table of contents highlights the section scrolled to', async ({ page, request }) => {
  await openHydrated(page, tocPage);
  const { toc } = await fetchPageData(request, (await readBoot(page)).buildId, tocPage);
  const first = toc[0]!;
  const middle = toc[Math.floor(toc.length / 2)]!;
  const links = page.locator('.toc-desktop');
  await expect(links.locator(`a[href="#${first.id}"]`)).toHaveAttribute('aria-current', 'location');

  await page.locator(`[id="${middle.id}"]`).evaluate((heading) => heading.scrollIntoView());
  await expect(links.locator(`a[href="#${middle.id}"]`)).toHaveAttribute('aria-current', 'location');
  await expect(links.locator(`a[href="#${middle.id}"]`)).toHaveClass(/toc-link-active/);
  await expect(links.locator(`a[href="#${first.id}"]`)).not.toHaveAttribute('aria-current', 'location');
  await expect(links.locator('a[aria-current="location"]')).toHaveCount(1);

  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(links.locator(`a[href="#${first.id}"]`)).toHaveAttribute('aria-current', 'location');
});

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
  const links = page.getByRole('navigation', { name: 'On this page' });
  await expect(links.locator(`a[href="#${first.id}"]`)).toHaveAttribute('aria-current', 'location');

  await page.locator(`[id="${middle.id}"]`).evaluate((heading) => heading.scrollIntoView());
  await expect(links.locator(`a[href="#${middle.id}"]`)).toHaveAttribute('aria-current', 'location');
  await expect(links.locator(`a[href="#${middle.id}"]`)).toHaveClass(/toc-link-active/);
  await expect(links.locator(`a[href="#${first.id}"]`)).not.toHaveAttribute('aria-current', 'location');
  await expect(links.locator('a[aria-current="location"]')).toHaveCount(1);

  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(links.locator(`a[href="#${first.id}"]`)).toHaveAttribute('aria-current', 'location');
});

test('a heading is a link to itself, named by its text, with a "#" shown while pointed at', async ({ page }) => {
  await openHydrated(page, tocPage);
  const heading = page.locator('.markdown h2').first();
  const text = (await heading.textContent())!;
  const id = (await heading.getAttribute('id'))!;
  const link = heading.getByRole('link', { name: text, exact: true });
  await expect(link).toHaveAttribute('href', `#${id}`);
  const mark = () => link.evaluate((a) => getComputedStyle(a, '::after').opacity);
  expect(await mark()).toBe('0');
  await link.hover();
  await expect.poll(mark).toBe('1');
  await link.click();
  await expect(page).toHaveURL(new RegExp(`#${id}$`));
});

test('loading the longest page at a heading near its end shows that heading at the top', async ({ page, request }) => {
  const longest = '/technical-docs/Constellation/Industry_Validation_Rules';
  await openHydrated(page, '/');
  const { toc } = await fetchPageData(request, (await readBoot(page)).buildId, longest);
  expect(toc.length, `${longest} needs many sections`).toBeGreaterThan(20);
  const heading = toc[Math.floor(toc.length * 0.8)]!;
  await openHydrated(page, `${longest}#${heading.id}`);
  const element = page.locator(`[id="${heading.id}"]`);
  const navbarBottom = await page.locator('nav.navbar').evaluate((nav) => nav.getBoundingClientRect().bottom);
  const top = () => element.evaluate((el) => el.getBoundingClientRect().top);
  await expect.poll(top).toBeGreaterThanOrEqual(navbarBottom);
  expect(await top()).toBeLessThan(navbarBottom + 80);
  const links = page.getByRole('navigation', { name: 'On this page' });
  await expect(links.locator(`a[href="#${heading.id}"]`)).toHaveAttribute('aria-current', 'location');
});

test.describe('the table of contents, sent once', () => {
  test('is the sticky column right of the article on desktop, open without a toggle', async ({ page }) => {
    await page.goto(tocPage);
    const toc = page.getByRole('navigation', { name: 'On this page' });
    await expect(toc).toHaveCount(1);
    await expect(page.locator('.toc-list')).toHaveCount(1);
    await expect(page.locator('.toc summary')).toBeHidden();
    const tocBox = (await toc.boundingBox())!;
    const markdownBox = (await page.locator('main .markdown').boundingBox())!;
    expect(tocBox.x).toBeGreaterThanOrEqual(markdownBox.x + markdownBox.width);
    expect(tocBox.y).toBeLessThan(markdownBox.y + 200);
    // Sticky: still on screen after scrolling far down the article.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight / 2));
    await expect(toc).toBeInViewport();
    await expect(toc.getByRole('link').first()).toBeVisible();
  });

  test.describe('at 375 px', () => {
    test.use({ viewport: { width: 375, height: 740 } });

    test('is a closed "On this page" box above the content that opens from the keyboard', async ({ page }) => {
      await openHydrated(page, tocPage);
      const summary = page.locator('.toc > summary');
      await expect(summary).toHaveText('On this page');
      const firstLink = page.getByRole('navigation', { name: 'On this page' }).getByRole('link').first();
      await expect(firstLink).toBeHidden();
      const summaryBox = (await summary.boundingBox())!;
      expect(summaryBox.y).toBeLessThan((await page.locator('main .markdown').boundingBox())!.y);
      await summary.focus();
      await page.keyboard.press('Enter');
      await expect(firstLink).toBeVisible();
      await page.keyboard.press('Tab');
      await expect(firstLink).toBeFocused();
    });
  });
});

// Client-side navigation: links load the next page's data instead of reloading the
// document; title, URL and scroll position follow. Also the previous/next links and the 404.

import { expect, test } from '@playwright/test';
import { pageDataPath } from '../../client/contract/urls.ts';
import {
  addContentLink,
  fetchPageData,
  markWindow,
  openHydrated,
  readBoot,
  serverTitle,
  windowMark,
} from '../support/e2e-pages.ts';

test('clicking a sidebar link shows the page without a full reload', async ({ page, request }) => {
  await openHydrated(page, '/');
  const expectedTitle = await serverTitle(request, '/project-status');
  await markWindow(page);
  const documents: string[] = [];
  page.on('request', (req) => req.resourceType() === 'document' && documents.push(req.url()));

  await page.locator('aside.doc-sidebar a[href="/project-status"]').click();

  await expect(page).toHaveURL(/\/project-status$/);
  await expect(page).toHaveTitle(expectedTitle);
  await expect(page.locator('aside.doc-sidebar a[href="/project-status"]')).toHaveAttribute('aria-current', 'page');
  expect(await windowMark(page)).toBe(1);
  expect(documents).toEqual([]);
});

test('the logo, the search button and the footer stay as the server rendered them, through hydration and navigation', async ({
  page,
  request,
}) => {
  const html = await (await request.get('/project-status')).text();
  const served = (tag: string, className: string) =>
    new RegExp(`<${tag} class="${className}"[^]*?</${tag}>`).exec(html)?.[0].replace(/<!-- -->/g, '');
  const chrome = () =>
    page.evaluate(() =>
      ['.navbar .navbar-brand', '.footer-social', '.footer-bottom', '.search-button'].map(
        (selector) => document.querySelector(selector)?.outerHTML,
      ),
    );
  await openHydrated(page, '/project-status');
  const expected = await chrome();
  expect(expected[0]).toContain('navbar-brand');
  expect(expected[1]).toBe(served('ul', 'footer-social'));
  expect(expected[2]).toBe(served('div', 'footer-bottom'));
  expect(expected[3]).toContain('<path');
  await markWindow(page);
  await page.locator('aside.doc-sidebar a[href="/"]').click();
  await expect(page).toHaveURL(/\/$/);
  expect(await windowMark(page)).toBe(1);
  expect(await chrome()).toEqual(expected);
  await expect(page.locator('.footer .theme-toggle')).toBeVisible();
});

test('client-side navigation to the home page gives it the same title as loading it', async ({ page, request }) => {
  await openHydrated(page, '/project-status');
  const expectedTitle = await serverTitle(request, '/');
  await markWindow(page);
  await page.locator('aside.doc-sidebar a[href="/"]').click();
  await expect(page).toHaveURL(/\/$/);
  expect(await windowMark(page)).toBe(1);
  await expect(page).toHaveTitle(expectedTitle);
});

test('the back button returns to the previous page without a reload', async ({ page, request }) => {
  await openHydrated(page, '/project-status');
  const expectedTitle = await serverTitle(request, '/project-status');
  await markWindow(page);
  await page.locator('.pagination-nav a[rel="next"]').click();
  await expect(page).not.toHaveURL(/\/project-status$/);
  await page.goBack();
  await expect(page).toHaveURL(/\/project-status$/);
  await expect(page).toHaveTitle(expectedTitle);
  expect(await windowMark(page)).toBe(1);
});

test('a back press the moment a link has set the next address, before that page is drawn, returns to the page left', async ({
  page,
  request,
}) => {
  await openHydrated(page, '/project-status');
  const expectedTitle = await serverTitle(request, '/project-status');
  const expectedHeading = await page.locator('main h1').textContent();
  const { buildId } = await readBoot(page);
  await markWindow(page);
  // The reader's back press comes in the very task that puts the next page's address in the history.
  await page.evaluate(() => {
    const push = history.pushState.bind(history);
    history.pushState = (...args: Parameters<History['pushState']>) => {
      push(...args);
      history.back();
    };
  });
  // The page left is shown again from its data (the first page came as HTML, so it is fetched now).
  const pageLeft = page.waitForResponse((response) =>
    response.url().endsWith(pageDataPath(buildId, '/project-status')),
  );
  await page.locator('.pagination-nav a[rel="next"]').click();
  await pageLeft;
  await expect(page).toHaveURL(/\/project-status$/);
  await expect(page).toHaveTitle(expectedTitle);
  await expect(page.locator('main h1')).toHaveText(expectedHeading!);
  await expect(page.locator('aside.doc-sidebar a[href="/project-status"]')).toHaveAttribute('aria-current', 'page');
  expect(await windowMark(page)).toBe(1);
});

test('a link to a heading on another page scrolls that heading to the top', async ({ page, request }) => {
  await openHydrated(page, '/');
  const target = '/technical-docs/PoAI/proof-of-ai';
  const { toc } = await fetchPageData(request, (await readBoot(page)).buildId, target);
  expect(toc.length, `${target} needs several sections`).toBeGreaterThan(3);
  // A section in the middle, so the page can scroll it to the top.
  const heading = toc[Math.floor(toc.length / 2)]!;

  const link = await addContentLink(page, `${target}#${heading.id}`);
  await markWindow(page);
  await link.click();

  await expect(page).toHaveURL(new RegExp(`${target}#${heading.id}$`));
  expect(await windowMark(page)).toBe(1);
  const element = page.locator(`[id="${heading.id}"]`);
  await expect(element).toBeInViewport();
  const navbarBottom = await page.locator('nav.navbar').evaluate((nav) => nav.getBoundingClientRect().bottom);
  await expect
    .poll(() => element.evaluate((el) => el.getBoundingClientRect().top))
    .toBeGreaterThanOrEqual(navbarBottom);
  expect(await element.evaluate((el) => el.getBoundingClientRect().top)).toBeLessThan(navbarBottom + 80);
});

test('a doc page links to the previous and next pages, and next leads to a page whose previous link points back', async ({
  page,
}) => {
  await openHydrated(page, '/project-status');
  const previous = page.locator('.pagination-nav a[rel="prev"]');
  const next = page.locator('.pagination-nav a[rel="next"]');
  await expect(previous).toBeVisible();
  await expect(next).toBeVisible();
  await expect(previous).toHaveAttribute('href', '/');
  await expect(previous).toContainText('Previous');
  await expect(next).toContainText('Next');

  const nextHref = await next.getAttribute('href');
  await next.click();
  await expect(page).toHaveURL(new RegExp(`${nextHref}$`));
  await expect(page.locator('.pagination-nav a[rel="prev"]')).toHaveAttribute('href', '/project-status');
});

test('an unknown path answers 404 with "Page Not Found" inside the site layout', async ({ page }) => {
  const response = await page.goto('/no/such/page');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeVisible();
  await expect(page.locator('nav[aria-label="Main"]')).toBeVisible();
  await expect(page.locator('footer.footer')).toBeVisible();
  await expect(page.getByRole('link', { name: 'documentation home' })).toHaveAttribute('href', '/');
  await expect(page).toHaveTitle(/Page Not Found/);
});

// The navigation code is a chunk of its own, fetched once the pointer reaches a link (or when idle).
const navigationChunk = /\/assets\/navigation-[A-Z0-9]+\.js$/;

test('a click that comes before the navigation code waits for it: the page still changes without a reload', async ({
  page,
}) => {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  const asked = new Promise<void>((resolve) =>
    page.route(navigationChunk, async (route) => {
      resolve();
      await held;
      await route.continue();
    }),
  );
  await openHydrated(page, '/');
  await markWindow(page);

  await page.locator('aside.doc-sidebar a[href="/project-status"]').click();
  await asked;
  await expect(page).toHaveURL(/\/$/);
  release();

  await expect(page).toHaveURL(/\/project-status$/);
  await expect(page.locator('aside.doc-sidebar a[href="/project-status"]')).toHaveAttribute('aria-current', 'page');
  expect(await windowMark(page)).toBe(1);
});

test('when the navigation code cannot be fetched, a click loads the page the usual way', async ({ page }) => {
  await page.route(navigationChunk, (route) => route.abort('internetdisconnected'));
  await openHydrated(page, '/');
  await markWindow(page);

  await page.locator('aside.doc-sidebar a[href="/project-status"]').click();

  await expect(page).toHaveURL(/\/project-status$/);
  await expect(page.locator('aside.doc-sidebar a[href="/project-status"]')).toHaveAttribute('aria-current', 'page');
  expect(await windowMark(page)).toBeUndefined();
});

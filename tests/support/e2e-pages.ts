// Small helpers the browser tests share: open a page and wait until React has hydrated it,
// read what the server handed the browser, and find the site's own elements.

import { expect, test, type APIRequestContext, type Page, type Response } from '@playwright/test';
import type { BootData } from '../../client/contract/boot.ts';
import type { PageData } from '../../client/contract/page.ts';
import { pageDataPath } from '../../client/contract/urls.ts';

/** Loads `path` and waits for hydration, so clicks reach React's handlers. */
export async function openHydrated(page: Page, path: string): Promise<Response | null> {
  const response = await page.goto(path);
  await waitForHydration(page);
  return response;
}

/**
 * On a machine loaded many times over, loading and hydrating a long page took longer than the 15 s
 * the other checks get (a passing wait returns as soon as the page is hydrated).
 */
const hydrationTimeout = 45_000;

/**
 * Waits until the first load's code has run. A page whose scripts never all arrived is loaded
 * again, once: under load, Chromium was seen to leave one request for a preloaded chunk unsent for
 * the whole wait (no socket, no headers) while the server answered every other request. That is
 * the browser's network, not the page; a page whose scripts all came and still did not start fails.
 * `timeout` is the first wait's; a page loaded again gets the usual one.
 */
export async function waitForHydration(page: Page, timeout = hydrationTimeout): Promise<void> {
  const hydrated = (within: number) =>
    expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true', { timeout: within });
  try {
    await hydrated(timeout);
  } catch (error) {
    const missing = await scriptsNotArrived(page);
    if (missing.length === 0) throw error;
    test.info().annotations.push({
      type: 'reloaded',
      description: `scripts never arrived (${missing.join(', ')}): the page was loaded again`,
    });
    test.info().setTimeout(test.info().timeout + hydrationTimeout + 15_000);
    // Not waiting for `load`: a preload that never came holds it back.
    await page.reload({ waitUntil: 'domcontentloaded' });
    await hydrated(hydrationTimeout);
  }
}

/** The start script's module and chunks that the browser has not finished fetching. */
export function scriptsNotArrived(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const start = document.getElementById('__start')?.dataset;
    const wanted = [start?.src, ...(start?.preload ?? '').split(' ')].filter((url): url is string => Boolean(url));
    const arrived = new Set(
      performance
        .getEntriesByType('resource')
        .filter((entry) => (entry as PerformanceResourceTiming).responseEnd > 0)
        .map((entry) => new URL(entry.name).pathname),
    );
    return wanted.filter((url) => !arrived.has(new URL(url, location.href).pathname));
  });
}

/** The boot data embedded in the server HTML. */
export function readBoot(page: Page): Promise<BootData> {
  return page.evaluate(() => JSON.parse(document.getElementById('__boot')?.textContent ?? 'null') as BootData);
}

/** A page's data as client-side navigation fetches it. */
export async function fetchPageData(request: APIRequestContext, buildId: string, route: string): Promise<PageData> {
  const response = await request.get(pageDataPath(buildId, route));
  expect(response.status(), `page data of ${route}`).toBe(200);
  return (await response.json()) as PageData;
}

/** The <title> the server renders for a path, to compare with client-side navigation. */
export async function serverTitle(request: APIRequestContext, path: string): Promise<string> {
  const html = await (await request.get(path)).text();
  const title = /<title>([^<]*)<\/title>/.exec(html)?.[1];
  if (title === undefined) throw new Error(`no <title> in the HTML of ${path}`);
  return decodeEntities(title);
}

function decodeEntities(text: string): string {
  return text.replace(
    /&(amp|lt|gt|quot|#39|#x27);/g,
    (_, name: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", '#x27': "'" })[name] ?? _,
  );
}

/** The `data-theme` attribute on `<html>` in raw server HTML. */
export function themeInHtml(html: string): string | undefined {
  return /<html[^>]*\sdata-theme="([^"]*)"/.exec(html)?.[1];
}

export const site = {
  /** The announcement bar of content/site.config.ts. */
  announcementId: 'stellar-network-2025',
};

/** Marks the window; a full page load forgets the mark, client-side navigation keeps it. */
export async function markWindow(page: Page): Promise<void> {
  await page.evaluate(() => {
    (window as Window & { __marker?: number }).__marker = 1;
  });
}

export function windowMark(page: Page): Promise<number | undefined> {
  return page.evaluate(() => (window as Window & { __marker?: number }).__marker);
}

/**
 * Puts a link to `href` on top of the page, standing in for a content link (the router handles
 * every link on the page), and returns it for the test to click.
 */
export async function addContentLink(page: Page, href: string) {
  await page.evaluate((target) => {
    const link = document.createElement('a');
    link.id = 'e2e-hash-link';
    link.href = target;
    link.textContent = 'to the section';
    link.style.cssText = 'position:fixed;top:80px;right:16px;z-index:10000;background:#fff;color:#000;padding:4px';
    document.body.appendChild(link);
  }, href);
  return page.locator('#e2e-hash-link');
}

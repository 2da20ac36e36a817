// What a first visit waits for: the page paints from its HTML alone. The client's scripts are
// requested once it is on screen, and the web font is fetched afterwards for the next page load,
// which then shows it from the first paint without moving any text.

import { expect, test, type Page } from '@playwright/test';
import { openHydrated } from '../support/e2e-pages.ts';

const route = '/technical-docs/PoAI/proof-of-ai';

/** Start times (ms since navigation) of the page's script and font requests, and of its first paint. */
function requestTimes(page: Page) {
  return page.evaluate(() => {
    const firstPaint = performance.getEntriesByName('first-paint')[0]?.startTime ?? Number.NaN;
    const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
    // npm start's live reload script (/__dev/…) is no part of a deployed page: the site's own are measured.
    const starts = (pattern: RegExp) =>
      resources
        .map((entry) => ({ path: new URL(entry.name).pathname, start: entry.startTime }))
        .filter(({ path }) => pattern.test(path) && !path.startsWith('/__dev/'))
        .map(({ start }) => start);
    return { firstPaint, scripts: starts(/\.js$/), fonts: starts(/\.woff2$/) };
  });
}

const bodyFont = (page: Page) => page.evaluate(() => getComputedStyle(document.body).fontFamily);

test('a first visit paints before any script or font is requested, then hydrates', async ({ page }) => {
  await openHydrated(page, route);
  const { firstPaint, scripts, fonts } = await requestTimes(page);
  expect(firstPaint).toBeGreaterThan(0);
  expect(scripts.length).toBeGreaterThan(0);
  for (const start of [...scripts, ...fonts]) expect(start).toBeGreaterThanOrEqual(firstPaint);
  // The logo waits behind what the first paint needs: it is never the page's largest content.
  const logos = page.locator('img.navbar-logo');
  expect(await logos.count()).toBeGreaterThan(0);
  await expect(page.locator('img.navbar-logo:not([fetchpriority="low"])')).toHaveCount(0);
  // The first visit keeps the metric-matched fallback it painted with.
  await expect(page.locator('html')).not.toHaveClass(/web-font/);
  expect(await bodyFont(page)).toMatch(/^"?Plus Jakarta Sans Fallback/);
});

test('once fetched, the web font is used from the first paint of the next page load, without layout shift', async ({
  page,
}) => {
  await openHydrated(page, route);
  // Fetched while the page is idle, for later pages.
  await expect.poll(() => page.evaluate(() => document.cookie)).toContain('web-font=1');
  await page.reload();
  await expect(page.locator('html')).toHaveClass(/web-font/);
  expect(await bodyFont(page)).toMatch(/^"?Plus Jakarta Sans Variable/);
  expect(await page.evaluate(() => document.fonts.check('1em "Plus Jakarta Sans Variable"'))).toBe(true);
  // Every shift the font could cause has happened once the fonts are ready and two frames are drawn.
  const shifts = await page.evaluate(async () => {
    if (document.readyState !== 'complete') await new Promise((done) => addEventListener('load', done, { once: true }));
    await document.fonts.ready;
    for (let frame = 0; frame < 2; frame++) await new Promise(requestAnimationFrame);
    // An observer asked for the buffered shifts holds them at once (its callback never comes when nothing moved).
    const observer = new PerformanceObserver(() => undefined);
    observer.observe({ type: 'layout-shift', buffered: true });
    const total = observer.takeRecords().reduce((sum, entry) => sum + (entry as unknown as { value: number }).value, 0);
    observer.disconnect();
    return total;
  });
  expect(shifts).toBe(0);
});

test('the icons of the longest page are drawn from one image per stylesheet group, each decoded once', async ({
  page,
}) => {
  // The browser builds a whole SVG document for each distinct image before the first paint; the
  // icons come as sprites so that a page with many icons pays for a few files.
  await page.goto('/technical-docs/Constellation/Industry_Validation_Rules');
  const images = await page.evaluate(() => {
    const masked = [...document.querySelectorAll('.icon, .sidebar-menu summary')].map(
      (element) => getComputedStyle(element, element.matches('summary') ? '::after' : null).maskImage,
    );
    return { icons: masked.length, distinct: [...new Set(masked)].filter((image) => image !== 'none') };
  });
  expect(images.icons).toBeGreaterThan(10);
  // The chrome's icons (navbar, breadcrumbs, theme toggle, sidebar carets), the admonitions' and the brands'.
  expect(images.distinct).toHaveLength(3);
});

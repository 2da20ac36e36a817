// Lazy layout: a fresh load of a long page lays out only its first screen, and every way
// of reaching a place further down (a link to a heading, a reload, print) still finds it exactly.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type BrowserContextOptions, type Page } from '@playwright/test';
import { addContentLink, fetchPageData, openHydrated, readBoot } from '../support/e2e-pages.ts';
import { layoutShifts } from '../support/layout-shifts.ts';

const briefRoutes: string[] = JSON.parse(
  readFileSync(join(import.meta.dirname, '../fixtures/brief-routes.json'), 'utf8'),
);

const longest = '/technical-docs/Constellation/Industry_Validation_Rules';

/** A heading four fifths down the longest page, and its TOC entry's target. */
async function headingNearTheEnd(page: Page, request: Parameters<typeof fetchPageData>[0]) {
  const { toc } = await fetchPageData(request, (await readBoot(page)).buildId, longest);
  expect(toc.length, `${longest} needs many sections`).toBeGreaterThan(20);
  return toc[Math.floor(toc.length * 0.8)]!;
}

/**
 * Lets the browser draw `count` frames: a block coming near the screen is laid out in the frames
 * after the scroll that brought it (content-visibility), whatever the machine's speed.
 */
const frames = (page: Page, count = 10) =>
  page.evaluate(async (count) => {
    for (let frame = 0; frame < count; frame++) await new Promise(requestAnimationFrame);
  }, count);

const topOf = (page: Page, id: string) =>
  page.locator(`[id="${id}"]`).evaluate((element) => element.getBoundingClientRect().top);

/**
 * Scrolls by hand (no fragment in the URL) to just past the heading, so only the browser's own
 * restoring can bring the place back; returns where the heading then is.
 */
async function scrollDeepInto(page: Page, id: string): Promise<number> {
  await page.locator(`[id="${id}"]`).evaluate((element) => element.scrollIntoView());
  await page.mouse.wheel(0, 100);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  await frames(page);
  return topOf(page, id);
}

/** Where `html { scroll-padding-top }` puts a heading scrolled to (base.css). */
const scrollPadding = (page: Page) =>
  page.evaluate(() => parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop));

/** Whether the browser has laid out the inside of the article's last list (its own box always is). */
const lastBlockLaidOut = (page: Page) =>
  page
    .locator('.markdown > ul > li')
    .last()
    .evaluate((item) => item.checkVisibility({ contentVisibilityAuto: true }));

test('a fresh load of the longest page leaves the inside of the blocks far below the first screen unlaid', async ({
  page,
}) => {
  await openHydrated(page, longest);
  await expect(page.locator('html')).toHaveClass(/lazy-layout/);
  expect(await lastBlockLaidOut(page)).toBe(false);
});

const screens: [string, BrowserContextOptions][] = [
  ['a phone', { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true }],
  ['a large desktop screen', { viewport: { width: 1920, height: 1200 } }],
];

for (const [screen, options] of screens) {
  test(`a fresh load of any page moves nothing on the first screen, on ${screen}`, async ({ browser, baseURL }) => {
    test.setTimeout(120_000);
    const context = await browser.newContext({ ...options, baseURL });
    const page = await context.newPage();
    const moved: string[] = [];
    for (const route of briefRoutes) {
      await openHydrated(page, route);
      await expect(page.locator('html')).toHaveClass(/lazy-layout/);
      const shifts = await layoutShifts(page);
      if (shifts.length > 0) moved.push(`${route}: ${shifts.join(', ')}`);
    }
    await context.close();
    expect(moved).toEqual([]);
  });
}

test('a TOC link near the end, after a fresh load, puts its heading exactly below the navbar', async ({
  page,
  request,
}) => {
  await openHydrated(page, longest);
  const heading = await headingNearTheEnd(page, request);
  const entry = page.getByRole('navigation', { name: 'On this page' }).locator(`a[href="#${heading.id}"]`);
  await entry.click();
  await expect(page).toHaveURL(new RegExp(`#${heading.id}$`));
  const padding = await scrollPadding(page);
  await expect.poll(() => topOf(page, heading.id)).toBeCloseTo(padding, 0);
  // And it stays there while the blocks around it are laid out; the scroll-spy marks its entry.
  await frames(page);
  expect(Math.abs((await topOf(page, heading.id)) - padding)).toBeLessThan(2);
  await expect(entry).toHaveAttribute('aria-current', 'location');
});

test('a reload deep into the longest page shows the same heading at the same place', async ({ page, request }) => {
  // Once fetched, the web font would serve the reload in another face, with other line breaks.
  await page.route('**/*.woff2', (route) => route.abort());
  await openHydrated(page, longest);
  const heading = await headingNearTheEnd(page, request);
  const before = await scrollDeepInto(page, heading.id);
  await page.reload();
  await expect(page.locator('html')).not.toHaveClass(/lazy-layout/);
  await expect.poll(() => topOf(page, heading.id)).toBeCloseTo(before, 0);
});

test('going back to the longest page, left deep into it, shows the same heading at the same place', async ({
  page,
  request,
}) => {
  await page.route('**/*.woff2', (route) => route.abort());
  await openHydrated(page, longest);
  const heading = await headingNearTheEnd(page, request);
  const before = await scrollDeepInto(page, heading.id);
  // A full load of another page (not the router's), then the browser's back button.
  await page.goto('/search');
  await page.goBack();
  await expect.poll(() => topOf(page, heading.id)).toBeCloseTo(before, 0);
});

test('printing the longest page after a fresh load prints every block', async ({ page }) => {
  await openHydrated(page, longest);
  await page.emulateMedia({ media: 'print' });
  expect(await lastBlockLaidOut(page)).toBe(true);
});

test('a link from a freshly loaded page to a heading near the end of the longest page puts it below the navbar', async ({
  page,
  request,
}) => {
  await openHydrated(page, '/');
  await expect(page.locator('html')).toHaveClass(/lazy-layout/);
  const heading = await headingNearTheEnd(page, request);
  await (await addContentLink(page, `${longest}#${heading.id}`)).click();
  await expect(page).toHaveURL(new RegExp(`#${heading.id}$`));
  const padding = await scrollPadding(page);
  await expect.poll(() => topOf(page, heading.id)).toBeCloseTo(padding, 0);
  await frames(page);
  expect(Math.abs((await topOf(page, heading.id)) - padding)).toBeLessThan(2);
});

test('a focus ring at the edge of a lazily laid out block is drawn whole', async ({ page }) => {
  await openHydrated(page, longest);
  await expect(page.locator('html')).toHaveClass(/lazy-layout/);
  // A heading's link to itself starts at the heading's top edge: its ring is drawn above the block.
  // (The first 12 to 36 blocks, by screen height, are never laid out lazily: content.css.)
  const link = page.locator('.markdown > h2:nth-child(n + 25) > a').first();
  await link.scrollIntoViewIfNeeded();
  await page.keyboard.press('Shift');
  await link.focus();
  const [heading, outline] = await link.evaluate((a) => {
    const style = getComputedStyle(a);
    return [a.parentElement!.getBoundingClientRect().toJSON(), style.outlineColor] as const;
  });
  const shot = await page.screenshot({ clip: { x: heading.left, y: heading.top - 4, width: 200, height: 3 } });
  // The 3 px strip just above the heading, decoded by the page itself (img-src allows data:).
  const ring = await page.evaluate(
    async ({ png, outline }) => {
      const image = new Image();
      image.src = `data:image/png;base64,${png}`;
      await image.decode();
      const canvas = document.createElement('canvas');
      [canvas.width, canvas.height] = [image.width, image.height];
      const context = canvas.getContext('2d')!;
      context.drawImage(image, 0, 0);
      const pixels = context.getImageData(0, 0, image.width, image.height).data;
      const [red, green, blue] = outline.match(/\d+/g)!.map(Number);
      let count = 0;
      for (let i = 0; i < pixels.length; i += 4)
        if (Math.abs(pixels[i]! - red!) + Math.abs(pixels[i + 1]! - green!) + Math.abs(pixels[i + 2]! - blue!) < 60)
          count++;
      return count;
    },
    { png: shot.toString('base64'), outline },
  );
  expect(ring, 'pixels of the focus ring above the heading').toBeGreaterThan(50);
});

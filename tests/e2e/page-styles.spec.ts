// Each page inlines only the CSS its content uses (scripts/compiler/assets/stylesheet-groups.ts). What a reader
// must never see: a page that client-side navigation brings, or the search modal, without the
// styles of what it contains, even for a moment.

import { expect, test, type Page } from '@playwright/test';
import { addContentLink, markWindow, openHydrated, windowMark } from '../support/e2e-pages.ts';

const plainPage = '/about-self/creation-brand';
const codePage = '/technical-docs/Validate';

/** Computed styles that show whether each kind of content is styled, by selector. */
const probes: Record<string, string[]> = {
  '.code-block': ['background-color', 'border-top-width', 'border-top-left-radius'],
  '.code-copy': ['position'],
  '.shiki [class^="tk"]': ['color'],
  '.dg-node': ['fill', 'stroke'],
  '.markdown': ['font-size'],
  '.doc-sidebar': ['width'],
};

type ProbeWindow = Window & {
  readProbes(wanted: Record<string, string[]>): Record<string, string>;
  shownStyles?: Record<string, string>;
};

/** In every document: the probes' values for the first element of each selector then in the page. */
test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    (window as unknown as ProbeWindow).readProbes = (wanted) => {
      const values: Record<string, string> = {};
      for (const [selector, properties] of Object.entries(wanted)) {
        const element = document.querySelector(selector);
        if (!element) continue;
        const style = getComputedStyle(element);
        for (const property of properties) values[`${selector} ${property}`] = style.getPropertyValue(property);
      }
      return values;
    };
  });
});

function readProbes(page: Page): Promise<Record<string, string>> {
  return page.evaluate((wanted) => (window as unknown as ProbeWindow).readProbes(wanted), probes);
}

/** Reads the probes at the moment `selector` enters the page, before the browser can paint it. */
async function recordWhenShown(page: Page, selector: string): Promise<void> {
  await page.evaluate(
    ({ selector, wanted }) => {
      const probing = window as unknown as ProbeWindow;
      const observer = new MutationObserver(() => {
        if (!document.querySelector(selector)) return;
        observer.disconnect();
        probing.shownStyles = probing.readProbes(wanted);
      });
      observer.observe(document.body, { childList: true, subtree: true });
    },
    { selector, wanted: probes },
  );
}

async function recorded(page: Page): Promise<Record<string, string>> {
  const handle = await page.waitForFunction(() => (window as unknown as ProbeWindow).shownStyles);
  return (await handle.jsonValue())!;
}

test('a page without code carries no code or diagram CSS; navigating to one shows it styled as a direct load does', async ({
  page,
}) => {
  await openHydrated(page, codePage);
  const direct = await readProbes(page);
  expect(Object.keys(direct)).toContain('.dg-node fill');
  expect(direct['.code-copy position']).toBe('absolute');

  await openHydrated(page, plainPage);
  expect(await page.locator('head style[data-style="chrome"]').count()).toBe(1);
  expect(await page.locator('head [data-style="code"], head [data-style="diagrams"]').count()).toBe(0);
  const link = await addContentLink(page, codePage);
  await markWindow(page);
  await recordWhenShown(page, '.code-block');
  await link.click();

  await expect(page).toHaveURL(new RegExp(`${codePage}$`));
  expect(await recorded(page)).toEqual(direct);
  expect(await windowMark(page), 'no full reload').toBe(1);
  // Linked at their place in the cascade: before the footer's group, which comes after them.
  const order = await page
    .locator('head [data-style]')
    .evaluateAll((elements) => elements.map((element) => (element as HTMLElement).dataset.style));
  expect(order.indexOf('code')).toBeLessThan(order.indexOf('footer'));
  expect(order.indexOf('diagrams')).toBeLessThan(order.indexOf('footer'));
});

test('the search page is styled, and a page it leads to is shown with the doc layout it did not inline', async ({
  page,
}) => {
  await openHydrated(page, plainPage);
  const direct = await readProbes(page);
  await openHydrated(page, '/search?q=brand');
  const input = page.locator('.search-page-input');
  await expect(input).toBeVisible();
  expect(await input.evaluate((element) => getComputedStyle(element).borderTopWidth)).not.toBe('0px');
  expect(await page.locator('head [data-style="doc"]').count()).toBe(0);

  const link = await addContentLink(page, plainPage);
  await markWindow(page);
  await recordWhenShown(page, '.markdown');
  await link.click();

  await expect(page).toHaveURL(new RegExp(`${plainPage}$`));
  expect(await recorded(page)).toEqual(direct);
  expect(await windowMark(page), 'no full reload').toBe(1);
});

test('the search modal is styled on first open on a page that inlines no search CSS', async ({ page }) => {
  await openHydrated(page, plainPage);
  expect(await page.locator('head [data-style="search"]').count()).toBe(0);
  await expect(page.locator('nav.navbar button.search-button')).toHaveAttribute('data-search-ready', 'true');
  await page.keyboard.press('Control+k');
  const modal = page.locator('.DocSearch-Modal');
  await expect(modal).toBeVisible();
  const box = await modal.evaluate((element) => {
    const style = getComputedStyle(element);
    return { position: getComputedStyle(element.parentElement!).position, radius: style.borderTopLeftRadius };
  });
  expect(box).toEqual({ position: 'fixed', radius: expect.not.stringMatching(/^0px$/) });
  await page.locator('.DocSearch-Input').fill('proof of ai');
  const seeAll = page.locator('.DocSearch-HitsFooter a');
  await expect(seeAll).toBeVisible();
  expect(await seeAll.evaluate((element) => getComputedStyle(element).minHeight)).toBe('24px');
});

test('the not-found page offers the sidebar styled as on a doc page', async ({ page }) => {
  await openHydrated(page, plainPage);
  const sidebar = page.locator('aside.doc-sidebar');
  const onDocPage = await sidebar.evaluate((element) => getComputedStyle(element).width);
  expect((await page.goto('/no-such-page'))?.status()).toBe(404);
  await expect(sidebar).toBeVisible();
  expect(await sidebar.evaluate((element) => getComputedStyle(element).width)).toBe(onDocPage);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the not-found page is styled by the CSS it inlines, which doc pages leave out', async ({ page }) => {
    await page.goto(plainPage);
    await expect(page.locator('[data-style="status"]')).toHaveCount(0);
    expect((await page.goto('/no-such-page'))?.status()).toBe(404);
    await expect(page.locator('style[data-style="status"]')).toHaveCount(1);
    const panel = page.locator('main.status-page');
    await expect(panel).toBeVisible();
    expect(await panel.evaluate((element) => getComputedStyle(element).maxWidth)).toBe('720px');
  });
});

// The docs sidebar on desktop (categories as <details>) and the drawer below the 996 px
// breakpoint, with the docs menu and the main menu.

import { expect, test, type Page } from '@playwright/test';
import { markWindow, openHydrated, readBoot, windowMark } from '../support/e2e-pages.ts';

/** A top-level sidebar category by (part of) its label. */
function category(page: Page, label: string) {
  return page
    .locator('aside.doc-sidebar .sidebar-menu > ul > li > details')
    .filter({ has: page.locator(':scope > summary', { hasText: label }) });
}

test.describe('desktop sidebar', () => {
  test('a collapsed category opens on click and stays open after navigating elsewhere', async ({ page }) => {
    await openHydrated(page, '/');
    const about = category(page, 'About SELF');
    const technical = category(page, 'Technical Docs');
    await expect(about).toHaveCount(1);
    await expect(about).not.toHaveAttribute('open');
    await expect(technical).not.toHaveAttribute('open');

    await about.locator(':scope > summary').click();
    await expect(about).toHaveAttribute('open');
    await expect(about.locator('a[href="/about-self/manifesto"]')).toBeVisible();

    await markWindow(page);
    await page.locator('aside.doc-sidebar a[href="/project-status"]').click();
    await expect(page).toHaveURL(/\/project-status$/);
    expect(await windowMark(page)).toBe(1);
    await expect(about).toHaveAttribute('open');
    await expect(technical).not.toHaveAttribute('open');
  });

  test('the category of the current page is open on arrival', async ({ page }) => {
    await openHydrated(page, '/about-self/manifesto');
    await expect(category(page, 'About SELF')).toHaveAttribute('open');
    await expect(page.locator('aside.doc-sidebar a[href="/about-self/manifesto"]')).toHaveAttribute(
      'aria-current',
      'page',
    );
  });
});

test.describe('keyboard focus in the sidebar', () => {
  test('a sidebar link followed with Enter keeps the focus, visibly, as the sidebar switches to React', async ({
    page,
  }) => {
    await openHydrated(page, '/');
    const link = page.locator('aside.doc-sidebar a[href="/project-status"]');
    // Keyboard focus: Tab from the link before it.
    await page.locator('aside.doc-sidebar a[href="/"]').focus();
    for (let tabs = 0; tabs < 40 && !(await link.evaluate((element) => element === document.activeElement)); tabs++)
      await page.keyboard.press('Tab');
    await markWindow(page);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/project-status$/);
    await expect(link).toHaveAttribute('aria-current', 'page');
    expect(await windowMark(page)).toBe(1);
    await expect(link).toBeFocused();
    expect(await link.evaluate((element) => element.matches(':focus-visible'))).toBe(true);
  });

  test('a category opened with the keyboard before the switch stays open; the link followed keeps the focus', async ({
    page,
  }) => {
    await openHydrated(page, '/');
    const about = category(page, 'About SELF');
    const summary = about.locator(':scope > summary');
    await summary.focus();
    await page.keyboard.press('Enter');
    await expect(about).toHaveAttribute('open');
    // The switch comes with the first navigation: follow a link by keyboard, then come back by Shift+Tab.
    const link = page.locator('aside.doc-sidebar a[href="/project-status"]');
    await link.focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/project-status$/);
    await expect(link).toHaveAttribute('aria-current', 'page');
    await expect(link).toBeFocused();
    await expect(about).toHaveAttribute('open');
  });
});

test.describe('sidebar data file', () => {
  test('the page hydrates without waiting for the sidebar’s data file, which comes with the first link pointed at', async ({
    page,
  }) => {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/__data/sidebar/**', async (route) => {
      await held;
      await route.continue();
    });
    await openHydrated(page, '/about-self/manifesto');
    expect(await readBoot(page)).toMatchObject({ sidebar: { id: expect.any(String) } });
    expect((await readBoot(page)).sidebar).not.toHaveProperty('items');

    const sidebarFile = page.waitForResponse((response) => response.url().includes('/__data/sidebar/'));
    await page.locator('aside.doc-sidebar a[href="/project-status"]').hover();
    release();
    expect((await sidebarFile).status()).toBe(200);
  });

  test('when the data file does not load, the page still hydrates and the server’s sidebar keeps working', async ({
    page,
  }) => {
    const problems: string[] = [];
    page.on('console', (message) => /hydrat/i.test(message.text()) && problems.push(message.text()));
    await page.route('**/__data/sidebar/**', (route) => route.abort('internetdisconnected'));
    await openHydrated(page, '/about-self/manifesto');
    expect(problems.filter((text) => !text.startsWith('The sidebar did not load'))).toEqual([]);
    const technical = category(page, 'Technical Docs');
    await technical.locator(':scope > summary').click();
    await expect(technical).toHaveAttribute('open');
    await expect(page.locator('aside.doc-sidebar a[href="/about-self/manifesto"]')).toHaveAttribute(
      'aria-current',
      'page',
    );
  });
});

test.describe('mobile drawer at 375 px', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('the menu button opens the docs menu; back shows the main menu; a link navigates and closes the drawer', async ({
    page,
  }) => {
    await openHydrated(page, '/project-status');
    await expect(page.locator('aside.doc-sidebar')).toBeHidden();
    const drawer = page.getByRole('dialog', { name: 'Navigation menu' });
    await expect(drawer).toHaveCount(0);

    await page.getByRole('button', { name: 'Toggle navigation bar' }).click();
    await expect(drawer).toBeVisible();
    const docsMenu = drawer.getByRole('navigation', { name: 'Docs sidebar' });
    await expect(docsMenu).toBeVisible();
    await expect(docsMenu.locator('a[href="/project-status"]')).toHaveAttribute('aria-current', 'page');

    await drawer.getByRole('button', { name: '← Back to main menu' }).click();
    await expect(docsMenu).toHaveCount(0);
    await expect(drawer.locator('.drawer-primary')).toBeVisible();
    await expect(drawer.getByRole('button', { name: /Docs menu/ })).toBeVisible();

    await drawer.getByRole('button', { name: /Docs menu/ }).click();
    await expect(docsMenu).toBeVisible();
    await markWindow(page);
    await docsMenu.locator('a[href="/"]').click();
    await expect(page).toHaveURL(/\/$/);
    await expect(drawer).toHaveCount(0);
    await expect(page.locator('html')).not.toHaveClass(/drawer-open/);
    expect(await windowMark(page)).toBe(1);
  });

  test('the drawer is styled from its first frame on a page whose HTML carries none of its styles', async ({
    page,
  }) => {
    await openHydrated(page, '/project-status');
    await expect(page.locator('[data-style="drawer"]')).toHaveCount(0);
    // Read the panel's style as soon as it enters the document, before the browser can paint it.
    const firstFrame = page.evaluate(
      () =>
        new Promise<{ position: string; width: string }>((resolve) => {
          new MutationObserver((_, observer) => {
            const panel = document.querySelector('.drawer');
            if (!panel) return;
            observer.disconnect();
            const { position, width } = getComputedStyle(panel);
            resolve({ position, width });
          }).observe(document.body, { childList: true, subtree: true });
        }),
    );
    await page.getByRole('button', { name: 'Toggle navigation bar' }).click();
    // width: min(84vw, 340px) at 375 px.
    expect(await firstFrame).toEqual({ position: 'fixed', width: '315px' });
    await expect(page.locator('link[data-style="drawer"]')).toHaveCount(1);
  });

  test('Escape closes the drawer', async ({ page }) => {
    await openHydrated(page, '/project-status');
    await page.getByRole('button', { name: 'Toggle navigation bar' }).click();
    const drawer = page.getByRole('dialog', { name: 'Navigation menu' });
    await expect(drawer).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(drawer).toHaveCount(0);
  });
});

// Widgets inside an article work although the browser never hydrates the article: the copy
// button of a code block and tabs, on the first page and on a page shown by client-side navigation.

import { expect, test, type Page } from '@playwright/test';
import { markWindow, openHydrated, windowMark } from '../support/e2e-pages.ts';

const codePage = '/roadmap/Token/Smart-Contract-Architecture';

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

async function copyFirstCodeBlock(page: Page): Promise<void> {
  const block = page.locator('.markdown .code-block').first();
  const code = (await block.locator('pre').textContent()) ?? '';
  expect(code.length, `${codePage} needs a code block`).toBeGreaterThan(0);
  await block.hover();
  await block.getByRole('button', { name: 'Copy code to clipboard' }).click();
  await expect(block.getByRole('button', { name: 'Copied' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(code);
  // It says so for a moment, then offers to copy again.
  await expect(block.getByRole('button', { name: 'Copy code to clipboard' })).toBeVisible();
}

test('the copy button of a code block copies its code on the first page', async ({ page }) => {
  await openHydrated(page, codePage);
  await copyFirstCodeBlock(page);
});

test('the copy button works on a page shown by client-side navigation', async ({ page }) => {
  await openHydrated(page, '/');
  await markWindow(page);
  await page.evaluate((href) => {
    const link = document.createElement('a');
    link.href = href;
    link.textContent = 'to the code';
    link.style.cssText = 'position:fixed;top:80px;right:16px;z-index:10000;background:#fff;color:#000;padding:4px';
    document.body.appendChild(link);
  }, codePage);
  await page.getByRole('link', { name: 'to the code' }).click();
  await expect(page).toHaveURL(new RegExp(`${codePage}$`));
  await expect(page.locator('.markdown .code-block').first()).toBeVisible();
  expect(await windowMark(page), 'no full page load').toBe(1);
  await copyFirstCodeBlock(page);
});

test('tabs switch by click and by arrow keys in server markup', async ({ page }) => {
  await openHydrated(page, codePage);
  // The markup the Tabs component renders, put into the article as the server would send it.
  await page.locator('.markdown').evaluate((article) => {
    article.insertAdjacentHTML(
      'afterbegin',
      `<div class="tabs-container" id="e2e-tabs"><div role="tablist" class="tabs" aria-orientation="horizontal">
        <button type="button" role="tab" id="t-0" aria-selected="true" tabindex="0" class="tabs-item">npm</button>
        <button type="button" role="tab" id="t-1" aria-selected="false" tabindex="-1" class="tabs-item">Yarn</button>
      </div>
      <div role="tabpanel" aria-labelledby="t-0" class="tab-panel">npm install</div>
      <div role="tabpanel" aria-labelledby="t-1" hidden class="tab-panel">yarn add</div></div>`,
    );
  });
  const tabs = page.locator('#e2e-tabs');
  await tabs.getByRole('tab', { name: 'Yarn' }).click();
  await expect(tabs.getByRole('tab', { name: 'Yarn' })).toHaveAttribute('aria-selected', 'true');
  await expect(tabs.getByText('yarn add')).toBeVisible();
  await expect(tabs.getByText('npm install')).toBeHidden();

  await page.keyboard.press('ArrowLeft');
  await expect(tabs.getByRole('tab', { name: 'npm' })).toBeFocused();
  await expect(tabs.getByRole('tab', { name: 'npm' })).toHaveAttribute('aria-selected', 'true');
  await expect(tabs.getByText('npm install')).toBeVisible();
  await expect(tabs.getByText('yarn add')).toBeHidden();
});

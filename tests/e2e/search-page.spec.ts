// The `/search?q=` page: rendered by the server, so it works with JavaScript off (a plain GET
// form, results grouped by page, highlighted words, paging links, the no-results and empty
// states); once hydrated, typing updates the results and the address.

import { expect, test, type Page } from '@playwright/test';
import { markWindow, openHydrated, windowMark } from '../support/e2e-pages.ts';

function groups(page: Page) {
  return page.locator('main section.search-group');
}

function queryOf(page: Page): string | null {
  return new URL(page.url()).searchParams.get('q');
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('/search?q=kyber lists results grouped by page, with the word highlighted and links to each section', async ({
    page,
    request,
  }) => {
    const response = await page.goto('/search?q=kyber');
    expect(response?.status()).toBe(200);
    await expect(page.locator('html')).not.toHaveAttribute('data-hydrated', 'true');
    await expect(page).toHaveTitle(/^Search \| /);
    await expect(page.locator('main h1')).toHaveText('Search results for “kyber”');
    await expect(page.locator('main input[name="q"][type="search"]')).toHaveValue('kyber');
    await expect(page.locator('.search-page-count')).toHaveText(/^\d+ pages? match/);

    const first = groups(page).first();
    await expect(first).toBeVisible();
    const groupLink = first.locator('.search-group-title a');
    await expect(groupLink).toHaveAttribute('href', /^\/[^/?#]/);
    await expect(first).toHaveAttribute('aria-label', (await groupLink.innerText()).trim());
    // Each page appears once.
    const pages = await groups(page)
      .locator('.search-group-title a')
      .evaluateAll((links) => links.map((link) => link.getAttribute('href')));
    expect(new Set(pages).size).toBe(pages.length);

    const marks = (await page.locator('main .search-hit mark').allInnerTexts()).map((word) => word.toLowerCase());
    expect(marks).toContain('kyber');
    // Typo tolerance may also mark a word one letter away ('cyber'), never an unrelated one.
    for (const word of marks) expect(word).toMatch(/^[a-z]yber$|^kyber/);
    await expect(page.locator('main')).not.toContainText(/<\/?mark>|__\/?ais-highlight__/);

    // A hit leads to its page: the section link is a page of the site, under its group's page.
    const hitLink = first.locator('a.search-hit-title').first();
    const hitHref = (await hitLink.getAttribute('href'))!;
    expect(hitHref.split('#')[0]).toBe(await groupLink.getAttribute('href'));
    expect((await request.get(hitHref.split('#')[0]!)).status()).toBe(200);
  });

  test('/search?q=quantum lists the matching pages, each once with at most 3 sections, each with a snippet', async ({
    page,
  }) => {
    await page.goto('/search?q=quantum');
    const count = /^(\d+) pages match(?: · page 1 of (\d+))?$/.exec(
      (await page.locator('.search-page-count').innerText()).trim(),
    );
    expect(count, 'the count is of pages').not.toBeNull();
    const matched = Number(count![1]);
    const shown = await groups(page).count();
    expect(shown).toBe(Math.min(matched, 10));
    expect(Number(count![2] ?? 1)).toBe(Math.ceil(matched / 10));

    const pages = await groups(page)
      .locator('.search-group-title a')
      .evaluateAll((links) => links.map((link) => link.getAttribute('href')));
    expect(new Set(pages).size, 'each page appears once').toBe(pages.length);
    for (const group of await groups(page).all()) {
      const sections = group.locator('li.search-hit');
      expect(await sections.count()).toBeGreaterThan(0);
      expect(await sections.count()).toBeLessThanOrEqual(3);
      for (const section of await sections.all())
        await expect(section.locator('.search-hit-snippet').first()).toBeVisible();
    }
    await expect(page.locator('main .search-hit-snippet mark').first()).toHaveText(/^quantum$/i);

    // A page with more matching sections links into itself for the rest.
    const group = groups(page)
      .filter({ has: page.locator('.search-group-more') })
      .first();
    const more = group.locator('.search-group-more');
    await expect(more).toHaveText(/^\d+ more on this page$/);
    const pageHref = (await group.locator('.search-group-title a').getAttribute('href'))!;
    const moreHref = (await more.getAttribute('href'))!;
    expect(moreHref.startsWith(`${pageHref}#`)).toBe(true);
    await more.click();
    await expect(page).toHaveURL((url) => `${url.pathname}${url.hash}` === moreHref);
  });

  test('the search form works as a plain GET form', async ({ page }) => {
    await page.goto('/search');
    await page.locator('main input[name="q"][type="search"]').fill('validator');
    await page.locator('main form[role="search"]').getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(/\/search\?q=validator$/);
    await expect(page.locator('main h1')).toHaveText('Search results for “validator”');
    await expect(groups(page).first()).toBeVisible();
  });

  test('many results come in pages with next and previous links', async ({ page }) => {
    await page.goto('/search?q=validator');
    const count = page.locator('.search-page-count');
    await expect(count).toHaveText(/page 1 of \d+/);
    const paging = page.getByRole('navigation', { name: 'Search result pages' });
    await expect(paging.locator('a[rel="prev"]')).toHaveCount(0);
    const firstPageGroups = await groups(page).locator('.search-hit-title').allInnerTexts();

    await paging.locator('a[rel="next"]').click();
    await expect(page).toHaveURL(/\/search\?q=validator&page=2$/);
    await expect(count).toHaveText(/page 2 of \d+/);
    await expect(groups(page).first()).toBeVisible();
    expect(await groups(page).locator('.search-hit-title').allInnerTexts(), 'page 2 shows other hits').not.toEqual(
      firstPageGroups,
    );

    await paging.locator('a[rel="prev"]').click();
    await expect(page).toHaveURL(/\/search\?q=validator$/);
    await expect(count).toHaveText(/page 1 of \d+/);
  });

  test('/search?q=zzzzqqq says there are no results for that query', async ({ page }) => {
    const response = await page.goto('/search?q=zzzzqqq');
    expect(response?.status()).toBe(200);
    await expect(page.locator('main')).toContainText('No results for "zzzzqqq"');
    await expect(groups(page)).toHaveCount(0);
    await expect(page.locator('main input[name="q"][type="search"]')).toHaveValue('zzzzqqq');
  });

  test('a near miss with no results offers up to three suggestions that lead to results', async ({ page }) => {
    await page.goto('/search?q=gidr');
    await expect(page.locator('main')).toContainText('No results for "gidr"');
    await expect(page.locator('main')).toContainText('Try searching for');
    const suggestions = page.locator('main .search-page-suggestions a');
    const total = await suggestions.count();
    expect(total).toBeGreaterThan(0);
    expect(total).toBeLessThanOrEqual(3);
    const text = (await suggestions.first().innerText()).trim();
    await suggestions.first().click();
    expect(queryOf(page)).toBe(text);
    await expect(groups(page).first()).toBeVisible();
  });

  test('/search with no query shows the empty search page', async ({ page }) => {
    const response = await page.goto('/search');
    expect(response?.status()).toBe(200);
    await expect(page.locator('main h1')).toHaveText('Search the documentation');
    await expect(page.locator('main input[name="q"][type="search"]')).toHaveValue('');
    await expect(page.locator('main .search-page-hint')).toBeVisible();
    await expect(groups(page)).toHaveCount(0);
    await expect(page.locator('main')).not.toContainText('No results');
  });
});

test.describe('with JavaScript', () => {
  test('typing in the page input updates the results and the q in the address', async ({ page }) => {
    await openHydrated(page, '/search');
    // The page's own code is a lazy chunk that hydrates after the layout.
    await expect(page.locator('html')).toHaveAttribute('data-search-page-ready', 'true');
    const input = page.locator('main input[name="q"][type="search"]');

    await input.fill('kyber');
    await expect(page).toHaveURL(/\/search\?q=kyber$/);
    await expect(page.locator('main h1')).toHaveText('Search results for “kyber”');
    await expect(groups(page).first()).toBeVisible();
    await expect(page.locator('main .search-hit mark').first()).toHaveText(/^kyber$/i);

    await input.fill('validator');
    await expect(page).toHaveURL(/\/search\?q=validator$/);
    await expect(page.locator('main h1')).toHaveText('Search results for “validator”');
    await expect(page.locator('main .search-hit mark').first()).toHaveText(/^validat/i);
    await expect(page.locator('main .search-hit mark').filter({ hasText: /^kyber$/i })).toHaveCount(0);

    await input.fill('zzzzqqq');
    await expect(page.locator('main')).toContainText('No results for "zzzzqqq"');
    expect(queryOf(page)).toBe('zzzzqqq');

    await input.fill('');
    await expect(page).toHaveURL(/\/search$/);
    await expect(page.locator('main h1')).toHaveText('Search the documentation');
    await expect(groups(page)).toHaveCount(0);
  });

  test('updating the query does not reload the page, and the address can be reloaded to the same results', async ({
    page,
  }) => {
    await openHydrated(page, '/search?q=kyber');
    await expect(page.locator('html')).toHaveAttribute('data-search-page-ready', 'true');
    await markWindow(page);
    await page.locator('main input[name="q"][type="search"]').fill('tokenomics');
    await expect(page).toHaveURL(/\/search\?q=tokenomics$/);
    await expect(page.locator('main h1')).toHaveText('Search results for “tokenomics”');
    expect(await windowMark(page)).toBe(1);
    const shown = await groups(page).locator('.search-group-title').allInnerTexts();

    await page.reload();
    await expect(page.locator('main h1')).toHaveText('Search results for “tokenomics”');
    expect(await groups(page).locator('.search-group-title').allInnerTexts()).toEqual(shown);
  });
});

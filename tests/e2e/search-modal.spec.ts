// The search modal (DocSearch v3, a lazy chunk) as a reader uses it: keyboard shortcuts,
// grouped and highlighted hits from the worker, client-side navigation to a hit, recent and
// favourite searches, the selection as first query, the link to all results and the error
// screen. Against the real SELF content.

import { expect, test, type Page } from '@playwright/test';
import { searchLimits } from '../../client/contract/search-protocol.ts';
import { markWindow, openHydrated, serverTitle, windowMark } from '../support/e2e-pages.ts';

const docPage = '/project-status';

/** Hydrated, and the search button's key listeners attached (a key pressed earlier is lost). */
async function openSearchReady(page: Page, path: string): Promise<void> {
  await openHydrated(page, path);
  await expect(searchButton(page)).toHaveAttribute('data-search-ready', 'true');
}

function searchButton(page: Page) {
  return page.locator('nav.navbar button.search-button');
}

function modal(page: Page) {
  return page.locator('.DocSearch-Modal');
}

function modalInput(page: Page) {
  return page.locator('.DocSearch-Modal .DocSearch-Input');
}

/** The hit list DocSearch shows once the worker's answer for `query` is in. */
async function typeQuery(page: Page, query: string): Promise<void> {
  await modalInput(page).fill(query);
  await expect(modalInput(page)).toHaveValue(query);
  await expect(modal(page).locator('.DocSearch-Hit').first()).toBeVisible();
}

async function expectAtMostFivePerGroup(page: Page): Promise<void> {
  const counts = await modal(page)
    .locator('.DocSearch-Dropdown .DocSearch-Hits')
    .evaluateAll((sections) => sections.map((section) => section.querySelectorAll('.DocSearch-Hit').length));
  expect(counts.length).toBeGreaterThan(0);
  for (const count of counts) expect(count, 'at most 5 hits per section').toBeLessThanOrEqual(5);
}

/** A group (section) of the start screen, by its title: 'Recent' or 'Favorite'. */
function startScreenGroup(page: Page, title: string) {
  return modal(page)
    .locator('.DocSearch-Hits')
    .filter({ has: page.locator('.DocSearch-Hit-source', { hasText: new RegExp(`^${title}$`) }) });
}

/** Selects a hit with Enter and waits for the page it leads to. Returns its path and title. */
async function openFirstHit(page: Page, query: string): Promise<{ href: string; title: string }> {
  await openSearchReady(page, docPage);
  await page.keyboard.press('Control+k');
  await typeQuery(page, query);
  const selected = modal(page).locator('.DocSearch-Hit[aria-selected="true"]');
  await expect(selected).toHaveCount(1);
  const href = (await selected.locator('a').getAttribute('href'))!;
  const title = (await selected.locator('.DocSearch-Hit-title').innerText()).trim();
  await page.keyboard.press('Enter');
  await expect(modal(page)).toHaveCount(0);
  await expect(page).toHaveURL((url) => `${url.pathname}${url.hash}` === href);
  return { href, title };
}

test.describe('opening and closing', () => {
  for (const shortcut of ['Control+k', 'Meta+k']) {
    test(`${shortcut} opens the search modal with the cursor in its input`, async ({ page }) => {
      await openSearchReady(page, docPage);
      await expect(modal(page)).toHaveCount(0);
      await page.keyboard.press(shortcut);
      await expect(modal(page)).toBeVisible();
      await expect(modalInput(page)).toBeFocused();
      await expect(modalInput(page)).toHaveAttribute('placeholder', 'Search docs');
      await expect(modalInput(page)).toHaveValue('');
    });
  }

  test('Escape closes the modal and gives the focus back to the search button', async ({ page }) => {
    await openSearchReady(page, docPage);
    await page.keyboard.press('Control+k');
    await expect(modalInput(page)).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(modal(page)).toHaveCount(0);
    await expect(searchButton(page)).toBeFocused();
  });

  test('/ opens the modal when the reader is not typing in a field', async ({ page }) => {
    await openSearchReady(page, docPage);
    await page.keyboard.press('/');
    await expect(modal(page)).toBeVisible();
    await expect(modalInput(page)).toBeFocused();
    // The slash opened search; it is not the first character of the query.
    await expect(modalInput(page)).toHaveValue('');
  });

  test('/ typed into a field stays in that field and opens nothing', async ({ page }) => {
    await openSearchReady(page, '/search');
    const field = page.locator('main input[name="q"][type="search"]');
    await field.click();
    await page.keyboard.press('/');
    await expect(field).toHaveValue('/');
    await expect(field).toBeFocused();
    await expect(page.locator('.DocSearch-Container')).toHaveCount(0);
  });

  test('the search button opens the modal on click', async ({ page }) => {
    await openSearchReady(page, docPage);
    await expect(searchButton(page)).toHaveAccessibleName('Search docs');
    await searchButton(page).click();
    await expect(modal(page)).toBeVisible();
    await expect(modalInput(page)).toBeFocused();
  });

  test('after a client-side navigation the button opens the modal again, and Ctrl+K closes it', async ({ page }) => {
    await openSearchReady(page, docPage);
    await markWindow(page);
    await page.locator('aside.doc-sidebar a[href="/"]').click();
    await expect(page).toHaveURL(/\/$/);
    expect(await windowMark(page)).toBe(1);
    await searchButton(page).click();
    await expect(modalInput(page)).toBeFocused();
    await page.keyboard.press('Control+k');
    await expect(modal(page)).toHaveCount(0);
    await expect(searchButton(page)).toBeFocused();
    await page.keyboard.press('Control+k');
    await expect(modalInput(page)).toBeFocused();
  });
});

test.describe('results', () => {
  for (const query of ['validator', 'validatr']) {
    test(`'${query}' shows hits under a section title, with the matching words highlighted`, async ({ page }) => {
      await openSearchReady(page, docPage);
      await page.keyboard.press('Control+k');
      await typeQuery(page, query);

      const groups = modal(page).locator('.DocSearch-Dropdown .DocSearch-Hits');
      await expect(groups.first().locator('.DocSearch-Hit-source')).not.toBeEmpty();
      await expectAtMostFivePerGroup(page);
      // Each hit names its page: the first one is a page about validators.
      await expect(groups.first().locator('.DocSearch-Hit').first()).toContainText(/validat/i);

      const marks = modal(page).locator('.DocSearch-Hit mark');
      await expect(marks.first()).toBeVisible();
      const marked = await marks.allInnerTexts();
      for (const word of marked) expect(word, 'every highlighted word is the one searched for').toMatch(/^validat/i);
      // No highlight tag shows up as text: the worker's markup is rendered, not escaped twice.
      await expect(modal(page).locator('.DocSearch-Dropdown')).not.toContainText(/<\/?(mark|em)>|__\/?ais-highlight__/);

      const links = await modal(page)
        .locator('.DocSearch-Hit a')
        .evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute('href')));
      for (const href of links) expect(href, 'hits link to this site, whatever host it runs on').toMatch(/^\/[^/]/);
    });
  }

  test('the modal’s searches, typed and counted, are ones the edge cache keeps', async ({ page }) => {
    const cacheStates: string[] = [];
    page.on('response', (response) => {
      if (response.url().endsWith('/1/indexes/*/queries') || response.url().endsWith('/1/indexes/%2A/queries'))
        cacheStates.push(response.headers()['x-search-cache'] ?? 'none');
    });
    await openSearchReady(page, docPage);
    await page.keyboard.press('Control+k');
    await typeQuery(page, 'validator');
    // The counted search follows once the query has rested (client/search/settled-search.ts).
    await expect.poll(() => cacheStates.length).toBeGreaterThanOrEqual(2);
    for (const state of cacheStates) expect(state, 'kept or found in the edge cache').toMatch(/^(miss|hit)$/);
  });

  test('hits from several parts of the docs come in one titled section per part', async ({ page }) => {
    await openSearchReady(page, docPage);
    await page.keyboard.press('Control+k');
    await typeQuery(page, 'privacy');
    const titles = await modal(page).locator('.DocSearch-Dropdown .DocSearch-Hit-source').allInnerTexts();
    expect(titles.length, `sections: ${titles.join(' | ')}`).toBeGreaterThan(1);
    expect(new Set(titles).size, 'one section per part').toBe(titles.length);
    for (const title of titles) expect(title.trim()).not.toBe('');
    await expectAtMostFivePerGroup(page);
    await expect(modal(page).locator('.DocSearch-Hit mark').first()).toHaveText(/^privacy$/i);
  });

  test('Enter on the selected hit shows its page without a full reload and closes the modal', async ({
    page,
    request,
  }) => {
    await openSearchReady(page, docPage);
    await markWindow(page);
    const documents: string[] = [];
    page.on('request', (req) => req.resourceType() === 'document' && documents.push(req.url()));

    await page.keyboard.press('Control+k');
    await typeQuery(page, 'validator');
    const selected = modal(page).locator('.DocSearch-Hit[aria-selected="true"]');
    await expect(selected).toHaveCount(1);
    const href = (await selected.locator('a').getAttribute('href'))!;
    const expectedTitle = await serverTitle(request, new URL(href, 'http://x').pathname);
    expect(expectedTitle).not.toBe(await page.title());

    await page.keyboard.press('Enter');
    await expect(modal(page)).toHaveCount(0);
    await expect(page).toHaveURL((url) => `${url.pathname}${url.hash}` === href);
    await expect(page).toHaveTitle(expectedTitle);
    expect(await windowMark(page)).toBe(1);
    expect(documents).toEqual([]);
  });

  test('arrow keys move the selection and Enter opens the hit selected', async ({ page }) => {
    await openSearchReady(page, docPage);
    await page.keyboard.press('Control+k');
    await typeQuery(page, 'kyber');
    const hits = modal(page).locator('.DocSearch-Hit');
    await expect(hits.nth(1)).toBeVisible();
    await page.keyboard.press('ArrowDown');
    await expect(hits.nth(1)).toHaveAttribute('aria-selected', 'true');
    const href = (await hits.nth(1).locator('a').getAttribute('href'))!;
    await markWindow(page);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL((url) => `${url.pathname}${url.hash}` === href);
    expect(await windowMark(page)).toBe(1);
  });

  test("'See all N matching pages' opens the search page for the same query, with the same count", async ({ page }) => {
    await openSearchReady(page, docPage);
    await page.keyboard.press('Control+k');
    await typeQuery(page, 'kyber');
    // The count is of pages, as the search page counts them, not of the records the modal lists.
    const seeAll = modal(page).getByRole('link', { name: /^See all \d+ matching pages$/ });
    await expect(seeAll).toBeVisible();
    const count = Number(/\d+/.exec(await seeAll.innerText())![0]);
    expect(count).toBeGreaterThan(0);

    await seeAll.click();
    await expect(page).toHaveURL(/\/search\?q=kyber$/);
    await expect(page.locator('.DocSearch-Container')).toHaveCount(0);
    await expect(page.locator('main input[name="q"][type="search"]')).toHaveValue('kyber');
    await expect(page.locator('.search-page-count')).toHaveText(new RegExp(`^${count} pages match`));
    await expect(page.locator('section.search-group').first()).toBeVisible();
  });
});

test.describe('recent and favourite searches', () => {
  test('an opened hit is listed under Recent when search opens again', async ({ page }) => {
    const { title } = await openFirstHit(page, 'validator');
    await page.keyboard.press('Control+k');
    await expect(modalInput(page)).toHaveValue('');
    const recent = startScreenGroup(page, 'Recent');
    await expect(recent).toBeVisible();
    await expect(recent.locator('.DocSearch-Hit').first()).toContainText(title);
    await expect(startScreenGroup(page, 'Favorite')).toHaveCount(0);
  });

  test('saving a recent search moves it under Favorite, where it stays after a reload', async ({ page }) => {
    const { title, href } = await openFirstHit(page, 'kyber');
    await page.keyboard.press('Control+k');
    const recent = startScreenGroup(page, 'Recent');
    const entry = recent.locator('.DocSearch-Hit').filter({ hasText: title });
    await expect(entry).toHaveCount(1);

    await entry.hover();
    await entry.getByTitle('Save this search').click();
    const favorite = startScreenGroup(page, 'Favorite');
    await expect(favorite.locator('.DocSearch-Hit').filter({ hasText: title })).toHaveCount(1);
    await expect(recent.locator('.DocSearch-Hit').filter({ hasText: title })).toHaveCount(0);

    await page.keyboard.press('Escape');
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
    await expect(searchButton(page)).toHaveAttribute('data-search-ready', 'true');
    await page.keyboard.press('Control+k');
    const kept = startScreenGroup(page, 'Favorite').locator('.DocSearch-Hit').filter({ hasText: title });
    await expect(kept).toHaveCount(1);
    await expect(kept.locator('a')).toHaveAttribute('href', href);
  });
});

test('text selected on the page becomes the first query, cut to 64 characters', async ({ page }) => {
  await openSearchReady(page, '/technical-docs/PoAI/proof-of-ai');
  const selected = await page.evaluate((minimum) => {
    const paragraph = [...document.querySelectorAll('#__main p')].find(
      (p) => (p.textContent ?? '').trim().length > minimum,
    );
    if (!paragraph) return null;
    const range = document.createRange();
    range.selectNodeContents(paragraph);
    const selection = window.getSelection()!;
    selection.removeAllRanges();
    selection.addRange(range);
    return selection.toString();
  }, searchLimits.queryLength + 10);
  expect(selected, 'the page has a paragraph longer than 64 characters').not.toBeNull();
  const expected = [...selected!.trim()].slice(0, searchLimits.queryLength).join('');
  expect(expected.length).toBe(searchLimits.queryLength);

  await page.keyboard.press('Control+k');
  await expect(modalInput(page)).toHaveValue(expected);
  await expect(modal(page).locator('.DocSearch-Hit, .DocSearch-NoResults').first()).toBeVisible();
});

test('when the search endpoint cannot be reached the modal says so', async ({ page }) => {
  await openSearchReady(page, docPage);
  await page.route('**/1/indexes/*/queries', (route) => route.abort());
  await page.keyboard.press('Control+k');
  await modalInput(page).fill('validator');
  await expect(modal(page).getByText('Unable to fetch results', { exact: true }).filter({ visible: true })).toHaveCount(
    1,
  );
  await expect(
    modal(page)
      .getByText('You might want to check your network connection.', { exact: true })
      .filter({ visible: true }),
  ).toHaveCount(1);
  await expect(modal(page).locator('.DocSearch-Hit')).toHaveCount(0);
});

test('the modal retries a search once after a gateway error, but never one the endpoint refused', async ({ page }) => {
  await openSearchReady(page, docPage);
  // What the endpoint answered to the search being typed. Only that query is failed and
  // recorded: the settled query the modal sends again a second later to be counted
  // (`"analytics":true`) neither takes the failure meant for the next one nor shows in the answers,
  // however long the checks between take.
  const answers: number[] = [];
  let failing = 'validator';
  let failNext: number | undefined = 503;
  await page.route('**/1/indexes/*/queries', async (route) => {
    const body = route.request().postData() ?? '';
    if (!body.includes(`"query":"${failing}"`) || body.includes('"analytics":true')) return route.fallback();
    const status = failNext;
    failNext = undefined;
    if (status) {
      answers.push(status);
      return route.fulfill({ status, contentType: 'application/json', body: '{"message":"not now"}' });
    }
    answers.push(200);
    return route.fallback();
  });
  await page.keyboard.press('Control+k');
  await typeQuery(page, 'validator');
  expect(answers.slice(0, 2)).toEqual([503, 200]);

  answers.length = 0;
  failing = 'kyber';
  failNext = 400;
  await modalInput(page).fill('kyber');
  await expect(modal(page).getByText('Unable to fetch results', { exact: true }).filter({ visible: true })).toHaveCount(
    1,
  );
  await page.waitForTimeout(2500);
  expect(answers).toEqual([400]);
});

test.describe('at 375 px', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('the search button is an icon button that still opens the modal', async ({ page }) => {
    await openSearchReady(page, docPage);
    const button = searchButton(page);
    await expect(button).toBeVisible();
    await expect(button).toHaveAccessibleName('Search docs');
    await expect(button.locator('.search-button-placeholder')).toBeHidden();
    await expect(button.locator('.search-button-keys')).toBeHidden();
    await expect(button.locator('svg')).toBeVisible();
    const box = (await button.boundingBox())!;
    expect(box.width, 'an icon-sized button').toBeLessThanOrEqual(48);

    await button.click();
    await expect(modal(page)).toBeVisible();
    await expect(modalInput(page)).toBeFocused();
    await typeQuery(page, 'kyber');
  });
});

// Search analytics end to end: a search in the modal and a click on a hit become a row in the
// local D1 that `npm start` migrated, and `npm run search:report` prints it.

import { execFileSync } from 'node:child_process';
import { expect, test } from '@playwright/test';
import { offlineEnv } from '../../scripts/cli/run.ts';
import { openHydrated } from '../support/e2e-pages.ts';

const port = Number(process.env.E2E_PORT ?? 8802);
// The state folder playwright.config.ts gives `npm start`.
const statePath = `/tmp/self-docs-e2e-state-${port}`;
const query = 'deploy';

interface Row {
  query: string;
  searches: number;
  clicks: number;
  click_position_sum: number;
}

/**
 * The query's row in the local D1. The worker writes that database while this reads it: a read that
 * finds it locked (SQLITE_BUSY, seen on a busy machine) is tried again.
 */
async function localRows(): Promise<Row[]> {
  for (let attempt = 1; ; attempt++) {
    try {
      return readRows();
    } catch (error) {
      if (attempt === 10 || !String((error as Error).message).includes('SQLITE_BUSY')) throw error;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
}

function readRows(): Row[] {
  const out = execFileSync(
    'npx',
    [
      'wrangler',
      'd1',
      'execute',
      'self-docs-analytics',
      '--local',
      '--persist-to',
      statePath,
      '--json',
      '--command',
      `SELECT query, searches, clicks, click_position_sum FROM search_queries WHERE query = '${query}'`,
    ],
    { env: offlineEnv, encoding: 'utf8' },
  );
  return (JSON.parse(out) as { results: Row[] }[])[0]!.results;
}

test('a search in the modal and a click on a hit are counted and reported', async ({ page }) => {
  // Each look at the table is a wrangler process, seconds of CPU on a busy machine.
  test.setTimeout(180_000);
  await openHydrated(page, '/project-status');
  await expect(page.locator('nav.navbar button.search-button')).toHaveAttribute('data-search-ready', 'true');
  await page.keyboard.press('Control+k');
  await page.locator('.DocSearch-Modal .DocSearch-Input').fill(query);
  const hit = page.locator('.DocSearch-Modal .DocSearch-Hit a').nth(1);
  await expect(hit).toBeVisible();
  const href = (await hit.getAttribute('href'))!;
  await hit.click();
  await expect(page).toHaveURL((url) => `${url.pathname}${url.hash}` === href);

  // The worker writes the click after it has answered the beacon: asked until the row holds it (a
  // failing check waits the whole bound; a passing one returns as soon as the row is there).
  await expect
    .poll(async () => (await localRows()).map((row) => row.clicks), { timeout: 120_000, intervals: [500, 1000] })
    .toEqual([1]);
  const [row] = await localRows();
  expect(row!.searches).toBeGreaterThanOrEqual(1);
  expect(row!.click_position_sum).toBeGreaterThanOrEqual(1);

  const report = execFileSync('npx', ['tsx', 'scripts/search-report.ts', '--persist', statePath, '--days', '1'], {
    env: offlineEnv,
    encoding: 'utf8',
  });
  expect(report).toContain('Top queries');
  const line = report.split('\n').find((l) => l.startsWith(`${query} `));
  expect(line, report).toMatch(
    new RegExp(`^${query} +${row!.searches} +0 +1 +[\\d.]+% +${row!.click_position_sum}\\.0$`),
  );
});

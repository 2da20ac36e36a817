// Over a slow connection a page arrives in pieces: the browser draws nothing until its body is
// parsed (worker/render/document.tsx), so no half-made navbar, announcement, breadcrumb, page
// actions, table or footer is drawn and then moved by the rest.

import { expect, test, type BrowserContextOptions } from '@playwright/test';
import { layoutShifts } from '../support/layout-shifts.ts';
import { slowConnection, type SlowConnection } from '../support/slow-connection.ts';

/** Pages of each kind: short (footer on the first screen), a table near the top, deep in the sidebar, long. */
const routes = [
  '/',
  '/project-status',
  '/security-privacy',
  '/studio',
  '/about-self/manifesto',
  '/about-self/self-sov-alternative',
  '/roadmap/beta-web-app',
  '/roadmap/Token/Smart-Contract-Architecture',
  '/technical-docs/stellar-network',
  '/technical-docs/PoAI/Taxonomy',
  '/technical-docs/self-chain/why-build-a-blockchain',
  '/technical-docs/Constellation/Industry_Validation_Rules',
];

const screens: [string, BrowserContextOptions][] = [
  ['a phone', { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true }],
  ['a large desktop screen', { viewport: { width: 1920, height: 1200 } }],
];

let connection: SlowConnection;
test.beforeAll(async ({ baseURL }) => {
  // 700 bytes every 15 ms: a page of about 60 KB arrives over a second and a half.
  connection = await slowConnection(baseURL!, { pieceBytes: 700, pauseMs: 15 });
});
test.afterAll(() => connection.close());

for (const [screen, options] of screens) {
  test(`a page arriving in pieces moves nothing as it comes, on ${screen}`, async ({ browser }) => {
    test.setTimeout(180_000);
    const context = await browser.newContext({ ...options, baseURL: connection.origin });
    const page = await context.newPage();
    const moved: string[] = [];
    for (const route of routes) {
      await page.goto(route);
      const shifts = await layoutShifts(page);
      if (shifts.length > 0) moved.push(`${route}: ${shifts.join(', ')}`);
    }
    await context.close();
    expect(moved).toEqual([]);
  });
}

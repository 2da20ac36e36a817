// Pages rendered on every request (HTML_CACHE_TTL=0): after the first render of a page, the worker
// writes its doc page's markup as it was and renders only the layout around it
// (worker/render/doc-page-markup.ts). Readers must not be able to tell: every later render is the
// first one, byte for byte, in every variant, including pages whose components number their
// elements (Tabs), site components (islands) and versioned docs.

import { describe, expect, it } from 'vitest';
import { docPageIn } from '../../../worker/render/doc-page-markup.ts';
import { bindings, deployFixture, fixtureBuild, type FixtureName } from '../support/deploy.ts';
import { getSettled, type RequestOptions } from '../support/requests.ts';

const uncached = { ...bindings, HTML_CACHE_TTL: '0' };

const variants: RequestOptions[] = [
  {},
  { cookie: 'theme=light' },
  { cookie: 'theme=system' },
  { cookie: 'theme=system', headers: { 'Sec-CH-Prefers-Color-Scheme': 'light' } },
  { cookie: 'web-font=1; announcement-dismissed=fixture-bar-1' },
];

function pageRoutes(fixture: FixtureName): string[] {
  return Object.entries(fixtureBuild(fixture).routeTable)
    .filter(([, target]) => 'page' in target)
    .map(([route]) => route);
}

describe('a page rendered again', () => {
  for (const fixture of ['site', 'docusaurus-components', 'docusaurus-islands', 'docusaurus-versions'] as const) {
    it(`is the first render to the byte, in every variant (${fixture})`, async () => {
      await deployFixture({ fixture });
      const routes = pageRoutes(fixture);
      expect(routes.length).toBeGreaterThan(2);
      for (const route of routes) {
        for (const variant of variants) {
          const first = await getSettled(route, variant, uncached);
          expect(first.response.status, route).toBe(200);
          for (let again = 0; again < 2; again += 1) {
            const later = await getSettled(route, variant, uncached);
            expect(later.body, `${route} ${JSON.stringify(variant)}`).toBe(first.body);
            expect(later.response.headers.get('x-html-cache')).toBe('miss');
          }
        }
      }
    });
  }
});

describe('docPageIn', () => {
  const main = (inner: string) =>
    `<div id="__root"><main id="__main" class="doc-container" tabindex="-1">${inner}</main></div>`;

  it('finds the doc page element App rendered, with its class and inner markup', () => {
    const html = main('<div class="doc-page doc-page-with-toc"><article><p>a</p><main>b</main></article></div>');
    expect(docPageIn(html)).toEqual({
      className: 'doc-page doc-page-with-toc',
      markup: { __html: '<article><p>a</p><main>b</main></article>' },
    });
  });

  it('finds nothing in a document without a doc page (search, not found)', () => {
    expect(
      docPageIn('<div id="__root"><main class="status-page"><h1>Page Not Found</h1></main></div>'),
    ).toBeUndefined();
    expect(docPageIn(main('<p>Loading</p>'))).toBeUndefined();
  });
});

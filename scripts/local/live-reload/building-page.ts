// What `npm start` answers while its first build runs: wrangler dev is up before the site is, and a
// tester who opens the address at once learns why nothing is there yet instead of a refused
// connection; the status (503) keeps waiting tools (Playwright's webServer, the bench) waiting.

import { escapeHtml } from '../../../client/contract/escape-html.ts';

/**
 * A page that reloads itself every two seconds (a meta refresh: the page runs no script); `detail`
 * (plain text, escaped here) says what it waits for.
 */
export function building(detail?: string): Response {
  const said = detail ? `<p>${escapeHtml(detail)}</p>` : '';
  const html =
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta http-equiv="refresh" content="2">' +
    `<title>Building…</title></head><body><h1>Building the site…</h1>${said}` +
    '<p>This page reloads by itself once it is served. The terminal running <code>npm start</code> shows the progress.</p>' +
    '</body></html>';
  return new Response(html, {
    status: 503,
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
      'retry-after': '2',
      'content-security-policy': "default-src 'none'",
    },
  });
}

// The first paint has the reader's theme and announcement-bar choice, from cookies and the
// colour-scheme client hint, so nothing flashes before hydration.

import { beforeEach, describe, expect, it } from 'vitest';
import { deployFixture } from '../support/deploy.ts';
import { countElements, cspDirectives, readDocument, textOf } from '../support/html.ts';
import { get, type RequestOptions } from '../support/requests.ts';

async function page(path: string, options: RequestOptions = {}) {
  const response = await get(path, options);
  expect(response.status).toBe(200);
  const html = await response.text();
  return { response, html, doc: await readDocument(html) };
}

/** The inline script that picks the theme (the page's other inline scripts start the client). */
const themeScripts = (scripts: string[]) => scripts.filter((script) => script.includes('prefers-color-scheme'));

async function sha256Source(script: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(script));
  return `'sha256-${btoa(String.fromCharCode(...new Uint8Array(digest)))}'`;
}

describe('colour theme on first paint (site default: dark, system preference not followed)', () => {
  beforeEach(async () => {
    await deployFixture();
  });

  it('paints the dark theme when the reader has no theme cookie', async () => {
    const { doc } = await page('/intro');
    expect(doc.theme).toBe('dark');
    expect(doc.themePreference).toBe('dark');
    expect(doc.boot.theme).toBe('dark');
    expect(themeScripts(doc.inlineScripts)).toEqual([]);
  });

  it('serves the light theme on first paint when the cookie says light', async () => {
    const { doc } = await page('/intro', { cookie: 'theme=light' });
    expect(doc.theme).toBe('light');
    expect(doc.boot.theme).toBe('light');
    expect(doc.boot.themePreference).toBe('light');
    expect(doc.meta['theme-color']).toBe('#ffffff');
    expect(themeScripts(doc.inlineScripts)).toEqual([]);
  });

  it('serves the dark theme when the cookie says dark, among other cookies', async () => {
    const { doc } = await page('/intro', { cookie: 'session=abc; theme=dark; other=1' });
    expect(doc.theme).toBe('dark');
    expect(doc.meta['theme-color']).toBe('#070d1a');
  });

  it('ignores a theme cookie it does not know and paints the default', async () => {
    const { doc } = await page('/intro', { cookie: 'theme=purple' });
    expect(doc.theme).toBe('dark');
    expect(doc.themePreference).toBe('dark');
  });

  it.each(['light', 'dark'] as const)(
    'paints %s for theme=system when the client hint says so, without any inline script',
    async (scheme) => {
      const { doc } = await page('/intro', {
        cookie: 'theme=system',
        headers: { 'Sec-CH-Prefers-Color-Scheme': scheme },
      });
      expect(doc.theme).toBe(scheme);
      expect(doc.themePreference).toBe('system');
      expect(doc.boot.theme).toBe(scheme);
      expect(themeScripts(doc.inlineScripts)).toEqual([]);
    },
  );

  it.each(['"light"', '"dark"'])('reads the client hint in the quoted form browsers send: %s', async (hint) => {
    // The hint is a structured-header string: Chromium sends `Sec-CH-Prefers-Color-Scheme: "dark"`.
    const { doc } = await page('/intro', { cookie: 'theme=system', headers: { 'Sec-CH-Prefers-Color-Scheme': hint } });
    expect(doc.theme).toBe(hint.slice(1, -1));
    expect(themeScripts(doc.inlineScripts)).toEqual([]);
  });

  it('lets an inline script pick the theme for theme=system without the hint, allowed by its hash in the CSP', async () => {
    const { response, doc } = await page('/intro', { cookie: 'theme=system' });
    expect(doc.themePreference).toBe('system');
    expect(themeScripts(doc.inlineScripts)).toHaveLength(1);
    const script = themeScripts(doc.inlineScripts)[0]!;
    const scriptSrc = cspDirectives(response.headers.get('content-security-policy')).get('script-src') ?? [];
    expect(scriptSrc).toContain(await sha256Source(script));
    expect(scriptSrc).not.toContain("'unsafe-inline'");
  });

  it('asks for the colour-scheme hint and tells caches the page varies by cookie and hint', async () => {
    const { response } = await page('/intro');
    const vary = (response.headers.get('vary') ?? '').split(',').map((name) => name.trim().toLowerCase());
    expect(vary).toContain('cookie');
    expect(vary).toContain('sec-ch-prefers-color-scheme');
    expect(response.headers.get('accept-ch')).toBe('Sec-CH-Prefers-Color-Scheme');
  });

  it('asks for the hint on this very request only from a reader who chose system', async () => {
    const { response: system } = await page('/intro', { cookie: 'theme=system' });
    expect(system.headers.get('critical-ch')).toBe('Sec-CH-Prefers-Color-Scheme');
    const { response: light } = await page('/intro', { cookie: 'theme=light' });
    expect(light.headers.get('critical-ch')).toBeNull();
  });

  it('paints the theme on the 404 page too', async () => {
    const response = await get('/nowhere', { cookie: 'theme=light' });
    expect(response.status).toBe(404);
    expect((await readDocument(await response.text())).theme).toBe('light');
  });
});

describe('colour theme on a site that follows the system preference', () => {
  beforeEach(async () => {
    await deployFixture({ fixture: 'home-site' });
  });

  it('follows the client hint when the reader has no cookie', async () => {
    const { doc } = await page('/guide', { headers: { 'Sec-CH-Prefers-Color-Scheme': 'dark' } });
    expect(doc.theme).toBe('dark');
    expect(doc.themePreference).toBe('system');
    expect(themeScripts(doc.inlineScripts)).toEqual([]);
  });

  it('paints the configured default mode and adds the inline script when there is no hint', async () => {
    const { doc } = await page('/guide');
    expect(doc.theme).toBe('light');
    expect(doc.themePreference).toBe('system');
    expect(themeScripts(doc.inlineScripts)).toHaveLength(1);
  });

  it('still obeys an explicit cookie over the system preference', async () => {
    const { doc } = await page('/guide', { cookie: 'theme=dark', headers: { 'Sec-CH-Prefers-Color-Scheme': 'light' } });
    expect(doc.theme).toBe('dark');
    expect(doc.themePreference).toBe('dark');
  });
});

describe('announcement bar', () => {
  beforeEach(async () => {
    await deployFixture();
  });

  it('shows the announcement bar by default', async () => {
    const { html, doc } = await page('/intro');
    expect(await countElements(html, '[data-announcement-id="fixture-bar-1"]')).toBe(1);
    expect(await textOf(html, '.announcement-bar')).toContain('Fixture announcement');
    expect(doc.boot.announcementDismissed).toBe(false);
  });

  it('leaves the bar out when the reader dismissed this announcement', async () => {
    const { html, doc } = await page('/intro', { cookie: 'announcement-dismissed=fixture-bar-1' });
    expect(await countElements(html, '.announcement-bar')).toBe(0);
    expect(html).not.toContain('Fixture announcement</div>');
    expect(doc.boot.announcementDismissed).toBe(true);
  });

  it('shows the bar again when the cookie dismissed an older announcement', async () => {
    const { html, doc } = await page('/intro', { cookie: 'announcement-dismissed=fixture-bar-0' });
    expect(await countElements(html, '[data-announcement-id="fixture-bar-1"]')).toBe(1);
    expect(doc.boot.announcementDismissed).toBe(false);
  });

  it('keeps the theme and the dismissal apart when both cookies are sent', async () => {
    const { html, doc } = await page('/intro', { cookie: 'theme=light; announcement-dismissed=fixture-bar-1' });
    expect(doc.theme).toBe('light');
    expect(await countElements(html, '.announcement-bar')).toBe(0);
  });
});

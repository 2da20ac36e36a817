// The theme of the first paint, from the `theme` cookie, or the client hint for `system`.

import { getCookie } from 'hono/cookie';
import type { Context } from 'hono';
import { announcementCookie, themeCookie, webFontCookie } from '../../client/contract/browser-names.ts';
import type { SiteConfig, ThemeName, ThemePreference } from '../../client/contract/site-config.ts';

export interface ThemeChoice {
  preference: ThemePreference;
  /** The theme painted; 'dark' stands in until the inline script decides for `system`. */
  theme: ThemeName;
  /** True when only the browser can tell (system preference without the client hint). */
  needsScript: boolean;
  /** The browser has the web font cached, so the page paints in it (else in the fallback). */
  webFont: boolean;
  /** Edge cache variant. */
  variant: string;
}

export function chooseTheme(c: Context, site: SiteConfig): ThemeChoice {
  const webFont = getCookie(c, webFontCookie) === '1';
  const choice = (preference: ThemePreference, theme: ThemeName, needsScript: boolean, variant: string) => ({
    preference,
    theme,
    needsScript,
    webFont,
    variant: webFont ? `${variant}-font` : variant,
  });
  const cookie = getCookie(c, themeCookie);
  const fallback: ThemePreference = site.colorMode.respectPrefersColorScheme ? 'system' : site.colorMode.defaultMode;
  const preference: ThemePreference =
    cookie === 'light' || cookie === 'dark' || cookie === 'system' ? cookie : fallback;
  if (preference !== 'system') return choice(preference, preference, false, preference);
  // A structured header: browsers send the value quoted ("dark").
  const hint = c.req
    .header('sec-ch-prefers-color-scheme')
    ?.trim()
    .replace(/^"(.*)"$/, '$1');
  if (hint === 'light' || hint === 'dark') return choice(preference, hint, false, `system-${hint}`);
  return choice(preference, site.colorMode.defaultMode, true, 'system');
}

export function announcementDismissed(c: Context, site: SiteConfig): boolean {
  const bar = site.announcementBar;
  return Boolean(bar?.isCloseable && getCookie(c, announcementCookie) === bar.id);
}

/** Runs before first paint only for `system` without the client hint; allowed by its CSP hash. */
export const themeScript =
  "(function(){try{document.documentElement.dataset.theme=matchMedia('(prefers-color-scheme: dark)').matches?'dark':'light'}catch(e){}})()";

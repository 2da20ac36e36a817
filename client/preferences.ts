// Reader preferences kept in a cookie (so the server paints them right) and mirrored in
// localStorage (so other tabs follow through the `storage` event).

import { announcementCookie, themeCookie } from './contract/browser-names.ts';
import type { ThemeName, ThemePreference } from './contract/site-config.ts';

const year = 60 * 60 * 24 * 365;

export function writeCookie(name: string, value: string): void {
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${name}=${encodeURIComponent(value)}; Path=/; Max-Age=${year}; SameSite=Lax${secure}`;
}

function store(key: string, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch {
    // Storage can be disabled (private mode, policy); the cookie still carries the choice.
  }
}

export function readStored(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function resolveTheme(preference: ThemePreference): ThemeName {
  if (preference !== 'system') return preference;
  return matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

export function applyTheme(preference: ThemePreference): ThemeName {
  const theme = resolveTheme(preference);
  document.documentElement.dataset.theme = theme;
  return theme;
}

export function saveThemePreference(preference: ThemePreference): void {
  writeCookie(themeCookie, preference);
  store(themeCookie, preference);
}

export function isThemePreference(value: unknown): value is ThemePreference {
  return value === 'light' || value === 'dark' || value === 'system';
}

/** light → dark → system when the OS preference is respected, otherwise dark ↔ light. */
export function nextThemePreference(current: ThemePreference, respectSystem: boolean): ThemePreference {
  if (!respectSystem) return current === 'dark' ? 'light' : 'dark';
  return current === 'light' ? 'dark' : current === 'dark' ? 'system' : 'light';
}

const modeNames = { light: 'light mode', dark: 'dark mode', system: 'system mode' } as const;

/**
 * What the theme toggle shows while `preference` is on: the mode a click switches to (its icon and
 * title) and the mode now. One source for React's ThemeToggle and the first load's listener, so the
 * button hydrates as the listener left it.
 */
export function themeToggleFace(preference: ThemePreference, respectSystem: boolean) {
  const next = nextThemePreference(preference, respectSystem);
  return {
    next,
    title: `Switch to ${modeNames[next]}`,
    label: `Switch between dark and light mode (currently ${modeNames[preference]})`,
    icon: next === 'light' ? 'sun' : next === 'dark' ? 'moon' : 'system',
  } as const;
}

export function dismissAnnouncement(id: string): void {
  writeCookie(announcementCookie, id);
  store(announcementCookie, id);
}

// The reader's colour mode in the browser, part of the first load: the toggles work before React
// has come (if it ever does), and the mode follows the reader's other tabs and the OS. Until React
// takes over, this module draws the toggles itself; from then on React renders them from this store.

import { themeCookie } from './contract/browser-names.ts';
import type { ThemePreference } from './contract/site-config.ts';
import { applyTheme, isThemePreference, readStored, saveThemePreference, themeToggleFace } from './preferences.ts';

/** The preference as React reads it (useSyncExternalStore) and sets it. */
export interface ThemeStore {
  get: () => ThemePreference;
  set: (preference: ThemePreference) => void;
  subscribe: (listener: () => void) => () => void;
  /** From now on React draws the toggles: the store only tells it of changes. */
  handOver: () => void;
}

export function controlTheme(initial: ThemePreference, respectSystem: boolean): ThemeStore {
  let current = initial;
  let reactDraws = false;
  const listeners = new Set<() => void>();
  const drawToggle = (button: HTMLElement) => {
    const face = themeToggleFace(current, respectSystem);
    button.title = face.title;
    button.setAttribute('aria-label', face.label);
    button.dataset.themePreference = current;
    const icon = button.querySelector('.icon');
    if (icon) icon.className = `icon icon-${face.icon}`;
  };
  const show = (preference: ThemePreference) => {
    current = preference;
    applyTheme(preference);
    if (reactDraws) for (const listener of listeners) listener();
    else for (const button of document.querySelectorAll<HTMLElement>('.theme-toggle')) drawToggle(button);
  };
  const store: ThemeStore = {
    get: () => current,
    set: (preference) => {
      saveThemePreference(preference);
      show(preference);
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    handOver: () => {
      reactDraws = true;
    },
  };

  document.addEventListener('click', (event) => {
    if (reactDraws || !(event.target as Element | null)?.closest?.('.theme-toggle')) return;
    store.set(themeToggleFace(current, respectSystem).next);
  });
  // Another tab's choice, and the OS's mode for readers who follow it.
  window.addEventListener('storage', (event) => {
    if (event.key === themeCookie && isThemePreference(event.newValue)) show(event.newValue);
  });
  matchMedia('(prefers-color-scheme: dark)').addEventListener('change', () => {
    if (current === 'system') applyTheme('system');
  });
  // A choice kept in localStorage whose cookie was lost (cleared, expired): the server painted without it.
  const stored = readStored(themeCookie);
  if (isThemePreference(stored) && stored !== initial) store.set(stored);
  return store;
}

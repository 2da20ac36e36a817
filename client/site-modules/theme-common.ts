// `@docusaurus/theme-common` as site components use it: `useColorMode`, the colour mode the reader
// sees (`<html data-theme>`), following the theme toggle. The build renders, and hydration starts,
// in light mode, as Docusaurus's server render does; the reader's mode follows at once.

import { useSyncExternalStore } from 'react';
import { applyTheme, saveThemePreference } from '../preferences.ts';

type ColorMode = 'light' | 'dark';

function subscribe(onChange: () => void): () => void {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
  return () => observer.disconnect();
}

const shown = (): ColorMode => (document.documentElement.dataset.theme === 'dark' ? 'dark' : 'light');

export function useColorMode(): {
  colorMode: ColorMode;
  isDarkTheme: boolean;
  setColorMode: (mode: ColorMode) => void;
} {
  const colorMode = useSyncExternalStore(subscribe, shown, () => 'light' as const);
  return {
    colorMode,
    isDarkTheme: colorMode === 'dark',
    setColorMode: (mode) => {
      saveThemePreference(mode);
      applyTheme(mode);
    },
  };
}

// `@docusaurus/theme-common` as site components use it: `useColorMode`, the colour mode the reader
// sees (`<html data-theme>`), following the theme toggle. The build renders, and hydration starts,
// in light mode, as Docusaurus's server render does; the reader's mode follows at once. Also the
// theme config, its Prism theme, the window size, the layout's class names and `Collapsible`.

import { useSyncExternalStore, type ReactNode } from 'react';
import { applyTheme, saveThemePreference } from '../preferences.ts';
import { prismThemeOf, useThemeConfig, type PrismTheme } from './theme-config.ts';

export { ThemeClassNames } from './theme-class-names.ts';
export { useThemeConfig, type PrismTheme, type ThemeConfig } from './theme-config.ts';
export { useWindowSize, type WindowSize } from './window-size.ts';
export { usePluralForm } from './plural-form.ts';
export { Collapsible, useCollapsible } from './collapsible.tsx';
// Docusaurus 2 kept it here; category index pages written then still import it from here.
export { useCurrentSidebarCategory } from './doc-hooks.ts';

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

/** The Prism theme of the colour mode shown (`prism.theme`, `prism.darkTheme`). */
export function usePrismTheme(): PrismTheme {
  const { isDarkTheme } = useColorMode();
  return prismThemeOf(useThemeConfig(), isDarkTheme);
}

/** The page's head is the build's (see head.tsx): what these set there is not shown. */
export function PageMetadata(_props: {
  title?: string;
  description?: string;
  keywords?: string | string[];
  image?: string;
  children?: ReactNode;
}) {
  return null;
}

/** Docusaurus adds the class to `<html>`; here the children render as they are. */
export function HtmlClassNameProvider({ children }: { className?: string; children: ReactNode }) {
  return children;
}

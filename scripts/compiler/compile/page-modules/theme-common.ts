// `@docusaurus/theme-common` in a page evaluated at build time: light mode (the page is built once,
// as Docusaurus's server render is in light mode), the theme config, 'ssr' for the window size.

import { prismThemeOf, useThemeConfig, type PrismTheme } from '../../../../client/site-modules/theme-config.ts';

export { ThemeClassNames } from '../../../../client/site-modules/theme-class-names.ts';
export { useThemeConfig } from '../../../../client/site-modules/theme-config.ts';
export { usePluralForm } from '../../../../client/site-modules/plural-form.ts';
// Docusaurus 2 kept it here; category index pages written then still import it from here.
export { useCurrentSidebarCategory } from '../../../../client/site-modules/doc-hooks.ts';

export function useColorMode() {
  return { colorMode: 'light' as const, isDarkTheme: false, setColorMode: () => undefined };
}

export function usePrismTheme(): PrismTheme {
  return prismThemeOf(useThemeConfig(), false);
}

export function useWindowSize(): 'ssr' {
  return 'ssr';
}

export function PageMetadata() {
  return null;
}

/** A page's tree is built once: a collapsible starts in the state it is given. */
export function useCollapsible({ initialState }: { initialState: boolean | (() => boolean) }) {
  const collapsed = typeof initialState === 'function' ? initialState() : initialState;
  return { collapsed, setCollapsed: () => undefined, toggleCollapsed: () => undefined };
}

export function HtmlClassNameProvider({ children }: { children?: unknown }) {
  return children;
}

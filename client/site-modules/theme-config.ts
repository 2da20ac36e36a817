// `useThemeConfig` and the Prism themes of `@docusaurus/theme-common`: the config's `themeConfig`,
// as the build read it.

import { siteContext } from './site-context.ts';

export type ThemeConfig = Record<string, unknown> & { prism?: { theme?: PrismTheme; darkTheme?: PrismTheme } };

export interface PrismTheme {
  plain: Record<string, unknown>;
  styles: { types: string[]; style: Record<string, unknown>; languages?: string[] }[];
}

/** What a config without `prism.theme` gets: plain text, no token colours. */
export const plainPrismTheme: PrismTheme = { plain: {}, styles: [] };

export function useThemeConfig(): ThemeConfig {
  return (siteContext().siteConfig.themeConfig ?? {}) as ThemeConfig;
}

/** The Prism theme of a colour mode: `prism.darkTheme` in dark mode when the config has one. */
export function prismThemeOf(themeConfig: ThemeConfig, dark: boolean): PrismTheme {
  const { theme, darkTheme } = themeConfig.prism ?? {};
  return (dark ? (darkTheme ?? theme) : theme) ?? plainPrismTheme;
}

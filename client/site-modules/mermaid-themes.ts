// Mermaid's themes as a Docusaurus config sets them, read by the build (scripts/compiler/config/) and
// by `@theme/Mermaid`, which draws a diagram as a ```mermaid fence is drawn (mermaid-diagram.tsx).

import type { MermaidThemes } from '../contract/site-config.ts';

type Options = Record<string, unknown>;

const isObject = (value: unknown): value is Options =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Mermaid's themes when the config turns diagrams on (`markdown.mermaid: true`, with
 * `@docusaurus/theme-mermaid` among its themes in Docusaurus): `themeConfig.mermaid.theme`, else
 * Mermaid's `default` and `dark`; and `themeConfig.mermaid.options`.
 */
export function mermaidThemesOf(config: unknown): MermaidThemes | undefined {
  if (!isObject(config) || !isObject(config.markdown) || config.markdown.mermaid !== true) return undefined;
  const themeConfig = isObject(config.themeConfig) ? config.themeConfig : {};
  const mermaid = isObject(themeConfig.mermaid) ? themeConfig.mermaid : {};
  const theme = isObject(mermaid.theme) ? mermaid.theme : {};
  return {
    light: typeof theme.light === 'string' ? theme.light : 'default',
    dark: typeof theme.dark === 'string' ? theme.dark : 'dark',
    // Plain data only: it is written into the page for the browser.
    ...(isObject(mermaid.options) ? { options: JSON.parse(JSON.stringify(mermaid.options)) as Options } : {}),
  };
}

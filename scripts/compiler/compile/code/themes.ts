// The colours code blocks are highlighted with: GitHub's high-contrast pair, whose every token colour
// meets WCAG AA (4.5:1) on our code background in both site themes
// (tests/unit/scripts/compiler/compile/code/themes.test.ts measures it).

import { bundledThemes, type ThemeRegistration } from 'shiki';

export type CodeThemeName = 'light' | 'dark';

const bundledNames = { light: 'github-light-high-contrast', dark: 'github-dark-high-contrast' } as const;

/**
 * Rules these themes draw as text on a fill of their own (VS Code paints the fill, e.g. `^M` on red).
 * Shiki paints only the text, which alone would vanish on our code background, so these rules draw
 * their text in the fill's colour.
 */
const scopesDrawnOnAFill = new Set(['carriage-return', 'markup.ignored', 'markup.untracked']);

/** Both code themes, ready for Shiki: `light` for `--shiki-light`, `dark` for `--shiki-dark`. */
export async function loadCodeThemes(): Promise<Record<CodeThemeName, ThemeRegistration>> {
  const [light, dark] = await Promise.all([loadTheme(bundledNames.light), loadTheme(bundledNames.dark)]);
  return { light, dark };
}

async function loadTheme(name: keyof typeof bundledThemes): Promise<ThemeRegistration> {
  const theme = (await bundledThemes[name]()).default;
  return {
    ...theme,
    tokenColors: theme.tokenColors?.map((rule) => {
      const scopes = typeof rule.scope === 'string' ? [rule.scope] : (rule.scope ?? []);
      const fill = rule.settings.background;
      if (!fill || !scopes.some((scope) => scopesDrawnOnAFill.has(scope))) return rule;
      return { ...rule, settings: { ...rule.settings, foreground: fill, background: undefined } };
    }),
  };
}

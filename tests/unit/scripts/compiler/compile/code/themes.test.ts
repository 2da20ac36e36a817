// Every colour the code themes can give a token reads at WCAG AA (4.5:1) on the code block's
// background, in both site themes, wherever on the page the block sits.

import { normalizeTheme } from 'shiki';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadCodeThemes, type CodeThemeName } from '../../../../../../scripts/compiler/compile/code/themes.ts';
import {
  contrast,
  layeredBackgrounds,
  parseColour,
  themeTokens,
  worstContrast,
  type ColourTheme,
} from '../../../../support/colours.ts';

const normalText = 4.5;

/** Each colour a theme can paint code text in, with the scopes that use it. */
function tokenPalette(theme: ReturnType<typeof normalizeTheme>): Map<string, string[]> {
  const palette = new Map<string, string[]>([[theme.fg.toLowerCase(), ['default text']]]);
  for (const rule of theme.settings) {
    const colour = rule.settings.foreground?.toLowerCase();
    if (!colour) continue;
    const scopes = typeof rule.scope === 'string' ? [rule.scope] : (rule.scope ?? ['(theme default)']);
    palette.set(colour, [...(palette.get(colour) ?? []), ...scopes]);
  }
  return palette;
}

let themes: Record<CodeThemeName, ReturnType<typeof normalizeTheme>>;

beforeAll(async () => {
  const loaded = await loadCodeThemes();
  themes = { light: normalizeTheme(loaded.light), dark: normalizeTheme(loaded.dark) };
});

describe('code colours', () => {
  it('measures the contrast WCAG defines (GitHub Light keyword red on its grey is 4.29:1)', () => {
    const ratio = contrast(parseColour('#d73a49'), parseColour('#f6f8fa'));
    expect(ratio).toBeGreaterThanOrEqual(4.29);
    expect(ratio).toBeLessThan(4.3);
  });

  for (const siteTheme of ['light', 'dark'] as const satisfies ColourTheme[]) {
    it(`gives every token at least 4.5:1 on the code background in the ${siteTheme} theme`, () => {
      const backgrounds = layeredBackgrounds(themeTokens()[siteTheme], ['--code-bg']);
      const failures = [...tokenPalette(themes[siteTheme])]
        .map(([colour, scopes]) => ({ colour, scopes, ratio: worstContrast(parseColour(colour), backgrounds) }))
        .filter(({ ratio }) => ratio < normalText)
        .map(({ colour, scopes, ratio }) => `${colour} ${ratio.toFixed(2)}:1 (${scopes.slice(0, 3).join(', ')})`);
      expect(failures, `${themes[siteTheme].name} on --code-bg`).toEqual([]);
    });

    it(`keeps every token at 4.5:1 on a highlighted line in the ${siteTheme} theme`, () => {
      const backgrounds = layeredBackgrounds(themeTokens()[siteTheme], ['--code-highlight-bg', '--code-bg']);
      const failures = [...tokenPalette(themes[siteTheme])]
        .map(([colour]) => ({ colour, ratio: worstContrast(parseColour(colour), backgrounds) }))
        .filter(({ ratio }) => ratio < normalText)
        .map(({ colour, ratio }) => `${colour} ${ratio.toFixed(2)}:1`);
      expect(failures, `${themes[siteTheme].name} on --code-highlight-bg`).toEqual([]);
    });

    it(`marks highlighted lines with a border of 3:1 and numbers lines at 4.5:1 in the ${siteTheme} theme`, () => {
      const tokens = themeTokens()[siteTheme];
      const backgrounds = layeredBackgrounds(tokens, ['--code-bg']);
      // WCAG 1.4.11: a visual cue that carries meaning needs 3:1 against what is next to it.
      expect(worstContrast(parseColour(tokens['--code-highlight-border']!), backgrounds)).toBeGreaterThanOrEqual(3);
      expect(worstContrast(parseColour(tokens['--code-line-number']!), backgrounds)).toBeGreaterThanOrEqual(normalText);
      const highlighted = layeredBackgrounds(tokens, ['--code-highlight-bg', '--code-bg']);
      expect(worstContrast(parseColour(tokens['--code-line-number']!), highlighted)).toBeGreaterThanOrEqual(normalText);
    });
  }
});

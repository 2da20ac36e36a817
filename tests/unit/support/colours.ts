// WCAG colour contrast for the site's own colour tokens: parse the colours client/styles/theme.css
// declares, lay translucent ones over what lies beneath, and measure the contrast ratio.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** sRGB channels 0–255 and alpha 0–1. */
export interface Rgba {
  r: number;
  g: number;
  b: number;
  a: number;
}

export type ColourTheme = 'light' | 'dark';

/** `#rgb`, `#rgba`, `#rrggbb`, `#rrggbbaa`, `rgb(…)` or `rgba(…)`. */
export function parseColour(value: string): Rgba {
  const text = value.trim().toLowerCase();
  const hex = /^#([0-9a-f]{3,8})$/.exec(text)?.[1];
  if (hex && [3, 4, 6, 8].includes(hex.length)) {
    const digits = hex.length <= 4 ? [...hex].map((digit) => digit + digit) : hex.match(/../g)!;
    const [r, g, b, a = 'ff'] = digits as [string, string, string, string?];
    return { r: parseInt(r, 16), g: parseInt(g, 16), b: parseInt(b, 16), a: parseInt(a, 16) / 255 };
  }
  const rgb = /^rgba?\(([^)]*)\)$/.exec(text)?.[1];
  if (rgb) {
    const [r, g, b, a = 1] = rgb
      .split(/[\s,/]+/)
      .filter(Boolean)
      .map(Number);
    if ([r, g, b, a].every((n) => Number.isFinite(n))) return { r: r!, g: g!, b: b!, a };
  }
  throw new Error(`not a colour this check understands: ${value}`);
}

/** `top` painted over an opaque `bottom`. */
export function over(top: Rgba, bottom: Rgba): Rgba {
  const mix = (front: number, back: number) => front * top.a + back * (1 - top.a);
  return { r: mix(top.r, bottom.r), g: mix(top.g, bottom.g), b: mix(top.b, bottom.b), a: 1 };
}

/** WCAG 2 relative luminance of an opaque colour. */
export function luminance({ r, g, b }: Rgba): number {
  const linear = (channel: number) => {
    const c = channel / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/** WCAG 2 contrast ratio of text `foreground` (which may be translucent) on an opaque `background`. */
export function contrast(foreground: Rgba, background: Rgba): number {
  const [light, dark] = [luminance(over(foreground, background)), luminance(background)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
}

/**
 * The opaque colours a background value shows: one for a plain colour, samples along the way for a
 * `linear-gradient(…)` (interpolated in sRGB as browsers do), so the worst point is among them.
 */
export function backgroundSamples(value: string, steps = 64): Rgba[] {
  const gradient = /^linear-gradient\((.*)\)$/.exec(value.trim())?.[1];
  if (!gradient) return [parseColour(value)];
  const stops = [...gradient.matchAll(/(#[0-9a-f]{3,8}|rgba?\([^)]*\))\s*([\d.]+%)?/gi)].map((match) =>
    parseColour(match[1]!),
  );
  const samples: Rgba[] = [];
  for (let index = 0; index < stops.length - 1; index++) {
    const [from, to] = [stops[index]!, stops[index + 1]!];
    for (let step = 0; step <= steps; step++) {
      const t = step / steps;
      const lerp = (a: number, b: number) => a + (b - a) * t;
      samples.push({ r: lerp(from.r, to.r), g: lerp(from.g, to.g), b: lerp(from.b, to.b), a: lerp(from.a, to.a) });
    }
  }
  return samples;
}

/** The custom properties (`--name: value`) each colour theme of client/styles/theme.css declares. */
export function themeTokens(): Record<ColourTheme, Record<string, string>> {
  const css = readFileSync(join(import.meta.dirname, '../../../client/styles/theme.css'), 'utf8');
  const blocks = [...css.matchAll(/([^{}]+)\{([^}]*)\}/g)].map((match) => ({
    selector: match[1]!.replace(/\/\*[\s\S]*?\*\//g, '').trim(),
    body: match[2]!,
  }));
  const declarations = (selectorPart: string) => {
    const block = blocks.find(({ selector }) => selector.split(',').some((part) => part.trim() === selectorPart));
    if (!block) throw new Error(`client/styles/theme.css has no ${selectorPart} block`);
    return Object.fromEntries(
      [...block.body.matchAll(/(--[\w-]+)\s*:\s*([^;]+);/g)].map((match) => [match[1]!, match[2]!.trim()]),
    );
  };
  return {
    light: declarations("[data-theme='light']"),
    dark: { ...declarations("[data-theme='light']"), ...declarations("[data-theme='dark']") },
  };
}

/**
 * The opaque colours a layer shows in a theme: the layers named (innermost first, each a token
 * such as `--code-bg`) laid over every colour of the page background beneath them.
 */
export function layeredBackgrounds(tokens: Record<string, string>, layers: string[]): Rgba[] {
  // The page background is painted on the root's own background colour.
  const root = parseColour(token(tokens, '--bg'));
  const page = backgroundSamples(token(tokens, '--bg-page')).map((colour) => over(colour, root));
  return page.map((beneath) =>
    layers.reduceRight((colour, layer) => over(parseColour(token(tokens, layer)), colour), beneath),
  );
}

/** The lowest contrast of `foreground` against any of the `backgrounds`. */
export function worstContrast(foreground: Rgba, backgrounds: Rgba[]): number {
  return Math.min(...backgrounds.map((background) => contrast(foreground, background)));
}

export function token(tokens: Record<string, string>, name: string): string {
  const value = tokens[name];
  if (value === undefined) throw new Error(`client/styles/theme.css declares no ${name}`);
  return value;
}

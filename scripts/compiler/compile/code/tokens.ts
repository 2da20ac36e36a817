// Code is tokenised once, not once a theme, and its tokens carry a short class instead of two
// colours in an inline style. The light and dark code themes share their rules (the same scopes in
// the same order; only the colours differ), so a rule's pair of colours can stand for the rule: the
// tokenising theme gives each rule a colour that is only a number, the number of its pair, and each
// token's colour becomes the class of its pair. `code-tokens.css` gives every class its colour in
// each site theme; it is generated from the same themes (`npx tsx scripts/compiler/compile/code/tokens.ts`).

import { writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { ShikiTransformer, ThemeRegistration } from 'shiki';
import { loadCodeThemes, type CodeThemeName } from './themes.ts';

type Rule = NonNullable<ThemeRegistration['tokenColors']>[number];

export interface CodeTokens {
  /** The theme code is tokenised with: its colours are pair numbers. */
  theme: ThemeRegistration;
  /** Turns the numbered colours Shiki writes into classes; leaves `pre` without inline style. */
  transformer: ShikiTransformer;
  /** The stylesheet that gives each class its colours. */
  css: string;
}

/** The stylesheet's path in the client's styles. */
export const codeTokensCssFile = fileURLToPath(new URL('../../../../client/styles/code-tokens.css', import.meta.url));

const fontStyleClasses: Record<string, { className: string; css: string }> = {
  italic: { className: 'tk-i', css: 'font-style: italic' },
  bold: { className: 'tk-b', css: 'font-weight: 700' },
  underline: { className: 'tk-u', css: 'text-decoration: underline' },
  strikethrough: { className: 'tk-s', css: 'text-decoration: line-through' },
};

export function codeTokens(themes: Record<CodeThemeName, ThemeRegistration>): CodeTokens {
  const light = themes.light.tokenColors ?? [];
  const dark = themes.dark.tokenColors ?? [];
  assertSameRules(light, dark);
  const defaults = { light: foregroundOf(themes.light), dark: foregroundOf(themes.dark) };
  // Pair 0 is the themes' default text colour: tokens in it get no class.
  const pairs = [`${defaults.light}|${defaults.dark}`];
  const numberOf = (pair: string) => {
    const index = pairs.indexOf(pair);
    return index >= 0 ? index : pairs.push(pair) - 1;
  };
  const tokenColors = light.map((rule, index): Rule => {
    const lightColour = rule.settings.foreground?.toLowerCase();
    const darkColour = dark[index]!.settings.foreground?.toLowerCase();
    const foreground = lightColour && darkColour ? numberedColour(numberOf(`${lightColour}|${darkColour}`)) : undefined;
    return { scope: rule.scope, settings: { fontStyle: rule.settings.fontStyle, foreground } };
  });
  const theme: ThemeRegistration = {
    name: 'self-docs-code',
    type: 'light',
    fg: numberedColour(0),
    bg: numberedColour(0),
    colors: { 'editor.foreground': numberedColour(0), 'editor.background': numberedColour(0) },
    tokenColors,
  };
  return { theme, transformer: classesTransformer(pairs.length), css: stylesheet(pairs) };
}

/** Shiki draws one theme's colours: the pair numbers become classes. */
function classesTransformer(pairCount: number): ShikiTransformer {
  // A theme has few distinct token styles, and every token has one of them: each is read once.
  const classesOf = new Map<string, string>();
  return {
    name: 'self-docs-code-tokens',
    pre(node) {
      delete node.properties.style;
      node.properties.class = 'shiki';
    },
    span(node) {
      const style = node.properties.style;
      if (typeof style !== 'string') return;
      let classes = classesOf.get(style);
      if (classes === undefined) classesOf.set(style, (classes = styleClasses(style, pairCount)));
      delete node.properties.style;
      if (classes) node.properties.class = classes;
    },
  };
}

/** The classes of a token's inline style (`color:#00000c;font-style:italic`), space-separated; '' for none. */
function styleClasses(style: string, pairCount: number): string {
  const classes: string[] = [];
  for (const declaration of style.split(';')) {
    const [name, value = ''] = declaration.split(':').map((part) => part.trim());
    if (name === 'color') {
      const pair = Number.parseInt(value.slice(1), 16);
      if (!(pair >= 0 && pair < pairCount)) throw new Error(`code token colour ${value} is not a pair number`);
      if (pair > 0) classes.push(pairClass(pair));
    } else if (name === 'font-style' && value === 'italic') classes.push(fontStyleClasses.italic!.className);
    else if (name === 'font-weight' && value === 'bold') classes.push(fontStyleClasses.bold!.className);
    else if (name === 'text-decoration') {
      for (const line of value.split(/\s+/)) {
        if (line === 'underline') classes.push(fontStyleClasses.underline!.className);
        if (line === 'line-through') classes.push(fontStyleClasses.strikethrough!.className);
      }
    }
  }
  return classes.join(' ');
}

function stylesheet(pairs: string[]): string {
  const rules = [
    '/* Generated by scripts/compiler/compile/code/tokens.ts from the code themes: do not edit. */',
    '/* Each class is one pair of token colours, light and dark. */',
  ];
  pairs.forEach((pair, index) => {
    const [lightColour, darkColour] = pair.split('|');
    const selector = index === 0 ? '.shiki' : `.shiki .${pairClass(index)}`;
    rules.push(`${selector} {\n  color: ${lightColour};\n}`);
    rules.push(`[data-theme='dark'] ${selector} {\n  color: ${darkColour};\n}`);
  });
  for (const { className, css } of Object.values(fontStyleClasses)) rules.push(`.${className} {\n  ${css};\n}`);
  return `${rules.join('\n')}\n`;
}

const pairClass = (pair: number) => `tk${pair}`;

/** `#00000c`: colour number 12 (Shiki keeps a theme's colours as they are written). */
const numberedColour = (pair: number) => `#${pair.toString(16).padStart(6, '0')}`;

function foregroundOf(theme: ThemeRegistration): string {
  const colour = theme.fg ?? theme.colors?.['editor.foreground'];
  if (!colour) throw new Error(`code theme ${theme.name} has no default text colour`);
  return colour.toLowerCase();
}

function assertSameRules(light: Rule[], dark: Rule[]): void {
  const shape = (rule: Rule) =>
    JSON.stringify([rule.scope, Boolean(rule.settings.foreground), rule.settings.fontStyle ?? ''].flat());
  const differs = light.length !== dark.length || light.some((rule, index) => shape(rule) !== shape(dark[index]!));
  if (differs) {
    throw new Error(
      'the light and dark code themes must have the same rules (scopes, order, which set a colour and a font style): tokens are read once for both',
    );
  }
}

// `npx tsx scripts/compiler/compile/code/tokens.ts` writes the stylesheet anew.
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  await writeFile(codeTokensCssFile, codeTokens(await loadCodeThemes()).css);
  console.log(`wrote ${codeTokensCssFile}`);
}

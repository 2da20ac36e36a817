// The colour tokens of client/styles/theme.css keep text readable (WCAG AA) wherever the stylesheets
// pair them, in both themes. The dark page background is a gradient, which axe cannot measure (it
// reports such text as "needs review"), so this check takes the worst point of the gradient.

import { describe, expect, it } from 'vitest';
import { layeredBackgrounds, parseColour, themeTokens, token, worstContrast } from '../../support/colours.ts';

/** Normal text (WCAG 1.4.3); icons and other non-text parts (1.4.11). */
const normalText = 4.5;
const nonText = 3;

interface Pairing {
  where: string;
  text: string;
  /** Background tokens from the innermost out, all over the page background. */
  on: string[];
  minimum?: number;
}

const pairings: Pairing[] = [
  { where: 'body text', text: '--text', on: [] },
  { where: 'muted text (breadcrumbs, dates, captions)', text: '--text-muted', on: [] },
  { where: 'links', text: '--link', on: [] },
  { where: 'text in a blockquote, details or table head', text: '--text', on: ['--surface'] },
  { where: 'table head', text: '--text-strong', on: ['--surface'] },
  { where: 'muted text on a surface (figure captions)', text: '--text-muted', on: ['--surface'] },
  { where: 'links on a surface', text: '--link', on: ['--surface'] },
  { where: 'striped table rows', text: '--text', on: ['--table-stripe'] },
  { where: 'links in striped table rows', text: '--link', on: ['--table-stripe'] },
  { where: 'inline code', text: '--text', on: ['--code-inline-bg'] },
  { where: 'inline code inside a link', text: '--link', on: ['--code-inline-bg'] },
  { where: 'code block title', text: '--text-muted', on: ['--code-bg'] },
  { where: 'copy-code button icon', text: '--text-muted', on: ['--surface-raised'], minimum: nonText },
  { where: 'current breadcrumb', text: '--text-strong', on: ['--accent-soft'] },
  ...['note', 'tip', 'info', 'warning', 'danger'].map((kind) => ({
    where: `${kind} admonition`,
    text: `--${kind}-text`,
    on: [`--${kind}-bg`],
  })),
  ...['--dg-text', '--dg-text-muted'].flatMap((text) =>
    [[], ['--dg-node-bg'], ['--dg-accent-bg'], ['--dg-muted-bg']].map((node) => ({
      where: `diagram label ${node.length ? `in a ${node[0]} node` : 'between nodes'}`,
      text,
      on: [...node, '--surface'],
    })),
  ),
];

describe('colour tokens', () => {
  const tokens = themeTokens();

  for (const theme of ['light', 'dark'] as const) {
    it(`keep every pairing of text and background at WCAG AA contrast in the ${theme} theme`, () => {
      const failures = pairings.flatMap(({ where, text, on, minimum = normalText }) => {
        const ratio = worstContrast(parseColour(token(tokens[theme], text)), layeredBackgrounds(tokens[theme], on));
        return ratio < minimum
          ? [`${where}: ${text} on ${[...on, 'page'].join(' over ')} is ${ratio.toFixed(2)}:1, needs ${minimum}:1`]
          : [];
      });
      expect(failures).toEqual([]);
    });
  }
});

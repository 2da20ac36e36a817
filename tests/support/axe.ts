// axe-core in the browser tests: the WCAG 2.0, 2.1 and 2.2 A/AA rules, with each failure
// written so a reader of the test output sees the rule, the nodes and why they fail.
//
// axe runs in the page itself, once its source is in the page (once per document). AxeBuilder's
// default path runs each check in two pages: the page's results are finished in a new blank page,
// with axe's source evaluated in both, which cost more than the rules themselves. Same rules, same
// options; iframes are left out either way, so nothing needs axe's messaging between frames.

import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';

export const wcagTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** The axe-core that @axe-core/playwright pins (another copy in node_modules may be a newer axe). */
const axeSource: string = (
  createRequire(createRequire(import.meta.url).resolve('@axe-core/playwright'))('axe-core') as { source: string }
).source;

interface Violation {
  id: string;
  impact?: string | null;
  nodes: { target: unknown[]; failureSummary?: string }[];
}

/** One line per failing rule: `rule (impact, N nodes): selector — why; …`. Empty when the page passes. */
export async function wcagViolations(page: Page, knownUpstream: string[] = []): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const violations = await page.evaluate(
    ({ tags, disabled }) =>
      (
        window as unknown as {
          axe: { run(context: unknown, options: unknown): Promise<{ violations: Violation[] }> };
        }
      ).axe
        .run(
          // Third-party embeds cannot load here and are not ours to fix.
          { exclude: [['iframe']] },
          {
            runOnly: { type: 'tag', values: tags },
            rules: Object.fromEntries(disabled.map((rule) => [rule, { enabled: false }])),
            // Details of passing nodes are not read; leaving them out keeps large pages quick.
            resultTypes: ['violations'],
          },
        )
        .then((results) => results.violations),
    { tags: wcagTags, disabled: knownUpstream },
  );
  return violations.map((violation) => {
    const nodes = violation.nodes
      .slice(0, 5)
      .map((node) => `${node.target.join(' ')} — ${firstLine(node.failureSummary)}`)
      .join('; ');
    const more = violation.nodes.length > 5 ? `; … ${violation.nodes.length - 5} more` : '';
    return `${violation.id} (${violation.impact ?? 'unknown'}, ${violation.nodes.length} nodes): ${nodes}${more}`;
  });
}

/**
 * axe cannot measure text over a gradient (it reports it as "needs review"), and the dark theme's
 * page is one. Paint the page in the gradient's lightest colour instead: the worst case for that
 * theme's light text, so every contrast on the page gets measured. Painting again (after a theme
 * switch) starts from the page's own background.
 */
export async function paintPageAtLightestGradientColour(page: Page): Promise<void> {
  // The theme's own gradient, not the colour an earlier check painted over it.
  const gradient = await page.evaluate(() => {
    document.body.style.removeProperty('background');
    return getComputedStyle(document.body).backgroundImage;
  });
  const stops = [...gradient.matchAll(/rgba?\(([^)]*)\)/g)].map((match) =>
    match[1]!.split(',').slice(0, 3).map(Number),
  );
  if (stops.length === 0) return;
  const lightest = stops.reduce((best, stop) => (luminance(stop) > luminance(best) ? stop : best));
  await page.evaluate(
    (colour) => document.body.style.setProperty('background', colour, 'important'),
    `rgb(${lightest})`,
  );
}

/** WCAG 2 relative luminance of sRGB channels 0–255. */
function luminance(rgb: number[]): number {
  const linear = rgb
    .map((channel) => channel / 255)
    .map((c) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * linear[0]! + 0.7152 * linear[1]! + 0.0722 * linear[2]!;
}

/** axe's summary starts with "Fix any of the following:"; the reason is on the next line. */
function firstLine(summary: string | undefined): string {
  const lines = (summary ?? '').split('\n').map((line) => line.trim());
  return lines.find((line) => line && !line.startsWith('Fix ')) ?? '';
}

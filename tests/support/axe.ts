// axe-core in the browser tests: the WCAG 2.0, 2.1 and 2.2 A/AA rules, with each failure
// written so a reader of the test output sees the rule, the nodes and why they fail.

import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

export const wcagTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** One line per failing rule: `rule (impact, N nodes): selector — why; …`. Empty when the page passes. */
export async function wcagViolations(page: Page, knownUpstream: string[] = []): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    // Details of passing nodes are not read; leaving them out keeps large pages quick. (Before withTags,
    // which adds to these options.)
    .options({ resultTypes: ['violations'] })
    .disableRules(knownUpstream)
    .withTags(wcagTags)
    // Third-party embeds cannot load here and are not ours to fix.
    .exclude('iframe')
    .analyze();
  return results.violations.map((violation) => {
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
 * theme's light text, so every contrast on the page gets measured.
 */
export async function paintPageAtLightestGradientColour(page: Page): Promise<void> {
  const gradient = await page.evaluate(() => getComputedStyle(document.body).backgroundImage);
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

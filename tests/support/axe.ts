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

/** axe's summary starts with "Fix any of the following:"; the reason is on the next line. */
function firstLine(summary: string | undefined): string {
  const lines = (summary ?? '').split('\n').map((line) => line.trim());
  return lines.find((line) => line && !line.startsWith('Fix ')) ?? '';
}

// The dev server's record of a page that failed to build: what its route shows instead of the
// page. Only dev builds (`runBuild({ tolerateBrokenPages: true })`) make these; a production build
// stops at the first error, as before.

import { brokenPageLimits, type BrokenPage, type BuildProblem } from '../../../client/contract/page.ts';
import type { SourceDoc } from '../sources/discover.ts';
import type { BuildError } from '../errors.ts';

/** A broken page's route and every problem it has, for the terminal. */
export interface BrokenPageReport {
  route: string;
  source: string;
  problems: BuildError[];
}

/** The record stored for the page's route: its first problems, each text cut, so its size is bounded. */
export function brokenPageRecord(doc: SourceDoc, problems: BuildError[], sidebar: string | undefined): BrokenPage {
  const kept = problems.slice(0, brokenPageLimits.problems).map(problemOf);
  return {
    route: doc.route,
    title: cut(doc.title),
    source: cut(doc.relPath),
    ...(sidebar ? { sidebar } : {}),
    problems: kept,
    more: problems.length - kept.length,
  };
}

function problemOf(error: BuildError): BuildProblem {
  return {
    file: cut(error.file),
    ...(error.line ? { line: error.line } : {}),
    problem: cut(error.problem),
    fix: cut(error.fix),
  };
}

function cut(text: string): string {
  return text.length > brokenPageLimits.chars ? `${text.slice(0, brokenPageLimits.chars - 1)}…` : text;
}

/** What the dev server prints: every problem of every broken page, and where the page still answers. */
export function brokenPagesMessage(reports: BrokenPageReport[]): string {
  const pages = reports.length === 1 ? '1 page' : `${reports.length} pages`;
  const lines = [`${pages} failed to build; each shows its problems at its own route:`];
  for (const report of reports) {
    lines.push(`  ${report.route} (${report.source})`);
    for (const problem of report.problems) lines.push(`    error: ${problem.message.replace(/\n/g, '\n    ')}`);
  }
  return lines.join('\n');
}

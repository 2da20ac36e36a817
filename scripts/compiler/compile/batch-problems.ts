// A compiled batch's problems: sorted by the page they belong to (a broken batch compiled again
// page by page) and, once every batch is in, added to the context in the order of the docs.

import { BuildErrors, type BuildError } from '../errors.ts';
import type { SourceDoc } from '../sources/discover.ts';
import type { BatchEntry } from './batch.ts';
import type { LinkContext } from './link-context.ts';
import type { BatchResult } from './thread-messages.ts';
import type { BatchCompiler } from './threads.ts';

/**
 * Sorts a batch's problems by the page they belong to. When that leaves a page neither compiled
 * nor broken (an esbuild run fails as a whole) or a problem that names no page of the batch (one
 * in an imported partial), the batch is compiled again one page at a time, where every problem
 * belongs to the one page.
 */
export async function isolateBroken(
  compiler: BatchCompiler,
  entries: BatchEntry[],
  result: BatchResult,
): Promise<{ result: BatchResult; broken: Map<number, BuildError[]> }> {
  const indexOf = new Map(entries.map(({ index, doc }) => [doc.relPath, index]));
  const lone = entries.length === 1 ? entries[0]!.index : undefined;
  const broken = new Map<number, BuildError[]>();
  let placed = true;
  for (const problem of [...result.errors, ...result.diagnostics.errors]) {
    const index = lone ?? indexOf.get(problem.file);
    if (index === undefined) placed = false;
    else broken.set(index, [...(broken.get(index) ?? []), problem]);
  }
  const compiled = new Set(result.pages.map((page) => page.index));
  if (lone !== undefined || (placed && entries.every(({ index }) => compiled.has(index) || broken.has(index)))) {
    return { result: { ...result, errors: [], diagnostics: { ...result.diagnostics, errors: [] } }, broken };
  }
  const merged: BatchResult = { pages: [], errors: [], diagnostics: { errors: [], warnings: [] }, media: [] };
  broken.clear();
  for (const entry of entries) {
    const single = await isolateBroken(compiler, [entry], await compiler.compile([entry]));
    merged.pages.push(...single.result.pages);
    merged.diagnostics.warnings.push(...single.result.diagnostics.warnings);
    merged.media.push(...single.result.media);
    for (const [index, problems] of single.broken) broken.set(index, problems);
  }
  return { result: merged, broken };
}

/** Adds every batch's link problems and images to the context; throws the pages that failed. */
export function reportProblems(docs: SourceDoc[], context: LinkContext, leftovers: Omit<BatchResult, 'pages'>[]): void {
  const order = new Map(docs.map((doc, index) => [doc.relPath, index]));
  // Threads finish pages in no set order: problems are listed page by page, as the docs are.
  const inDocOrder = (errors: BuildError[]) =>
    errors
      .map((error, position) => ({ error, position, page: order.get(error.file) ?? docs.length }))
      .sort((a, b) => a.page - b.page || a.position - b.position)
      .map(({ error }) => error);
  const failed: BuildError[] = [];
  for (const batch of leftovers) {
    if (!batch) continue;
    failed.push(...inDocOrder(batch.errors));
    context.diagnostics.errors.push(...inDocOrder(batch.diagnostics.errors));
    context.diagnostics.warnings.push(...inDocOrder(batch.diagnostics.warnings));
    for (const [file, url] of batch.media) if (!context.media.has(file)) context.media.set(file, url);
  }
  if (failed.length > 0) throw failed.length === 1 ? failed[0]! : new BuildErrors(failed);
}

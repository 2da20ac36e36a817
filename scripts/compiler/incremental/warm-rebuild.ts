// The first one-page rebuild after `npm start`'s first build runs code this thread has not run:
// the first build compiled and prepared its pages in the compile threads, so the markdown and MDX
// pipeline, the code highlighter and a page's preparation (its values, records and search terms)
// load and warm up on the edit the author is waiting for (about 0.5 s at 10,000 pages, 1.5 s at
// 100,000 on a slow machine). Warmed here instead, once the first build is served: a page of each
// docs version is compiled and prepared on this thread and thrown away, every language the
// highlighter loads up front or the site's pages loaded tokenises a few lines (a first TypeScript
// block cost ~0.6 s), and the keys record's JSON, which the rebuild writes whole, is made once.
// Nothing of the state changes. It takes seconds with many languages: an edit made meanwhile stops
// it between two steps rather than wait for the rest, which stays cold.

import { codeHighlighting, warmLanguages } from '../compile/code/highlighter.ts';
import { inProcessCompiler } from '../compile/threads.ts';
import { newDiagnostics } from '../errors.ts';
import type { BuildState } from './build-state.ts';
import { readDoc } from './plan.ts';

/**
 * Runs a rebuild's cold paths once on a page of each docs version (each has its own context, whose
 * lazily made parts a first edit there would make), storing nothing, then warms the languages.
 * Returns the routes of the pages compiled and prepared (a page that fails is no matter here: its
 * version is left cold), and whether it went through: it stops between steps once `stop()` says so.
 */
export async function warmRebuild(state: BuildState, stop = () => false): Promise<{ routes: string[]; done: boolean }> {
  state.kept.keys.warm();
  const warmed: string[] = [];
  for (const [version, compiled] of state.versions.entries()) {
    if (stop()) return { routes: warmed, done: false };
    const before = compiled.loaded.docs.find((doc) => !state.sources.brokenDocs?.has(doc.file));
    if (!before) continue;
    // Compiled, not taken from the compile cache, which holds every page the first build made.
    const { compileCache: _cached, ...context } = compiled.context;
    try {
      const doc = readDoc(state, before.file, version);
      const compiler = inProcessCompiler({ ...context, diagnostics: newDiagnostics(), media: new Map() });
      const { pages } = await compiler.compile([{ index: 0, doc, place: compiled.placeOf(doc) }]);
      if (pages[0]?.prepared && !pages[0].fromCache) warmed.push(doc.route);
    } catch {
      // A page that cannot be read or compiled now is reported by its own rebuild, if it comes to one.
    }
  }
  const done = await warmLanguages(await codeHighlighting(), stop);
  return { routes: warmed, done };
}

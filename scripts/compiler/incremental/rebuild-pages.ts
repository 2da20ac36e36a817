// A build of the few pages an edit touched, from the state the build before kept (build-state.ts):
// those pages are compiled and stored again, then the route table's buckets they changed, the llms
// parts if what they list changed, the search pieces and the manifest with the parts of its keys
// record that changed, so every value comes out byte for byte as a full build of the edited tree
// would store it. Only the keys that changed are in its KV files (with `kvPresent`, as a full
// build's). What it cannot redo comes back as the reason to run a full build; after that, or a
// throw, the state is spent.

import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { kvKeys } from '../../../client/contract/storage.ts';
import { docsDataReadCount } from '../compile/build-page-globals.ts';
import { compileDocs } from '../compile/compile-pages.ts';
import { globalDocOf } from '../compile/docs-global-data.ts';
import { sidebarPages } from '../compile/sidebar-pages.ts';
import { categoryCards } from '../navigation/doc-cards.ts';
import type { SourceDoc } from '../sources/discover.ts';
import { newDiagnostics, report, throwIfErrors } from '../errors.ts';
import { KvWriter, type KeyPresence, type KvFileListener } from '../outputs/kv-writer.ts';
import { llmsRecord, relisted, storeLlms, type LlmsRecord } from '../outputs/llms.ts';
import { llmsFacts, llmsPages, type LlmsPage } from '../outputs/llms-pages.ts';
import { assembleManifest, closeBuild, withStyleSheet } from '../outputs/manifest.ts';
import { emitSearchIndex } from '../outputs/search/emit.ts';
import type { BuildResult } from '../types.ts';
import type { BuildState } from './build-state.ts';
import { keepSearchKeys } from './kept-outputs.ts';
import { redoRedirectTargets } from './kept-redirects.ts';
import { planRebuild, type PageRedo } from './plan.ts';

export interface RebuildOptions {
  outDir: string;
  /** Content keys the KV to be written already holds (as BuildOptions.kvPresent). */
  kvPresent?: KeyPresence;
  /** Told each KV bulk file once written (as BuildOptions.kvFiles). */
  kvFiles?: KvFileListener;
}

/** How long each step of a rebuild took, in milliseconds, in order. */
export type RebuildSteps = Record<string, number>;

export type RebuildOutcome = { result: BuildResult; pages: string[]; steps: RebuildSteps } | { fallback: string };

/** Rebuilds what the files `changed` (absolute paths) touch, or says why a full build must. */
export async function rebuildPages(
  state: BuildState,
  changed: Iterable<string>,
  options: RebuildOptions,
): Promise<RebuildOutcome> {
  if (state.searchStore !== 'kv') return { fallback: 'the search index is kept in static files' };
  const steps: RebuildSteps = {};
  let last = performance.now();
  const step = (name: string) => {
    const now = performance.now();
    steps[name] = Math.round(now - last);
    last = now;
  };
  const plan = planRebuild(state, changed);
  step('plan');
  if ('fallback' in plan) return plan;
  const { store, navigation, searchIndex, kept } = state;
  const { site } = navigation;
  const { outDir } = options;
  await rm(outDir, { recursive: true, force: true });
  await mkdir(join(outDir, 'kv'), { recursive: true });
  const kv = new KvWriter(join(outDir, 'kv'), options.kvPresent);
  if (options.kvFiles) kv.onFile(options.kvFiles);
  // The DocSearch records file is a deploy's (search:push): a rebuild for the dev server keeps none.
  store.writeTo(kv, { addJson: async () => {} });
  const diagnostics = newDiagnostics();
  // Content keys whose holders changed, and whether each was a key of the build before.
  const touched = new Map<string, boolean>();
  /** Pages whose fields the llms files read changed: each before and after. */
  const llmsChanges: { before?: LlmsPage; after?: LlmsPage }[] = [];
  step('prepare');

  // Every doc as it is now before any compiles: a category's page shows the others' descriptions.
  const befores = plan.pages.map(({ version, index, doc }) => {
    const compiled = state.versions[version]!;
    const before = compiled.loaded.docs[index]!;
    compiled.loaded.docs[index] = doc;
    const flat = state.sources.docs.indexOf(before);
    if (flat >= 0) state.sources.docs[flat] = doc;
    return before;
  });
  redescribe(state, plan.pages, befores);
  const readsBefore = docsDataReadCount();
  for (const [at, { version, index, doc }] of plan.pages.entries()) {
    const compiled = state.versions[version]!;
    const before = befores[at]!;
    const place = compiled.first + index;
    const islandsBefore = JSON.stringify(store.summaryAt(place)?.islands ?? []);
    const heldBefore = store.keysOf.get(before.route) ?? [];
    const llmsBefore = store.summaryAt(place);
    store.forget(before.route, before.relPath, place);
    const media = new Map<string, string>();
    await compileDocs(
      [doc],
      { ...compiled.context, diagnostics, media },
      (entry) => compiled.storeDoc(entry, index),
      compiled.onBroken ? { onBroken: (broken, _index, problems) => compiled.onBroken!(broken, problems) } : {},
    );
    // A new image is a new file beside the client; new islands, another bundle.
    if ([...media.keys()].some((file) => !state.media.has(file)))
      return { fallback: `${doc.relPath} refers to a file it did not before` };
    const summary = store.summaryAt(place);
    if (summary && JSON.stringify(summary.islands ?? []) !== islandsBefore)
      return { fallback: `${doc.relPath} uses other components than before` };
    kept.keys.change(heldBefore, store.keysOf.get(doc.route) ?? [], touched);
    if (llmsFacts(summary) !== llmsFacts(llmsBefore)) llmsChanges.push({ before: llmsBefore, after: summary });
  }
  // A page that reads the docs' global data from now on: the descriptions it holds are not ours to change.
  if (docsDataReadCount() > readsBefore) state.docsDataRead = true;
  const versionPages = new Map<number, ReturnType<typeof sidebarPages>>();
  for (const { version, index, route } of plan.sidebarPages) {
    const compiled = state.versions[version]!;
    const place = compiled.first + compiled.loaded.docs.length + index;
    if (!versionPages.has(version)) versionPages.set(version, sidebarPages(compiled.loaded));
    const page = versionPages.get(version)![index]!.make();
    const heldBefore = store.keysOf.get(route) ?? [];
    const llmsBefore = store.summaryAt(place);
    store.forget(route, page.source, place);
    await store.store(page, place);
    kept.keys.change(heldBefore, store.keysOf.get(route) ?? [], touched);
    const summary = store.summaryAt(place);
    if (llmsFacts(summary) !== llmsFacts(llmsBefore)) llmsChanges.push({ before: llmsBefore, after: summary });
  }
  step('compile');
  for (const problem of store.anchors.brokenAnchors()) report(diagnostics, site.onBrokenAnchors, problem);
  throwIfErrors(diagnostics);
  step('anchors');

  // Rewrites copy their page's target: made again from the pages' targets now.
  const replanned = [...plan.pages.map((redo) => redo.doc.route), ...plan.sidebarPages.map((redo) => redo.route)];
  const redirected = redoRedirectTargets(store.routeTargets, navigation, kept.beforeRedirects, replanned);
  step('keys');
  const bucketsBefore = kept.routes.bucketHashes;
  const routeBuckets = await kept.routes.store(kv, store.routeTargets, [...replanned, ...redirected]);
  kept.keys.change(bucketsBefore.map(kvKeys.routes), routeBuckets.map(kvKeys.routes), touched);
  step('routes');
  const built = store.built();
  // The llms files read only the sidebars (the same) and some fields of the pages they list: pages
  // that changed only their titles or descriptions change only their lines.
  if (llmsChanges.length > 0) {
    const llms = await storeLlms(kv, llmsListing(state, llmsChanges, built), kept.llms);
    kept.keys.change(kept.llms.hashes.map(kvKeys.llms), llms.hashes.map(kvKeys.llms), touched);
    kept.llms = llms;
  }
  step('llms');
  const search = await emitSearchIndex(searchIndex, 'kv', outDir, kv);
  step('search');
  keepSearchKeys(kept, kv, touched);
  const manifest = assembleManifest(
    { ...state.manifestParts, routeBuckets, llms: kept.llms.hashes, search },
    state.assetFiles,
  );
  const stored = await withStyleSheet(kv, manifest);
  const { parts, contentKeys } = await kept.keys.store(kv, touched);
  const written = await closeBuild(kv, outDir, stored, parts, contentKeys);
  step('manifest');
  return {
    pages: replanned,
    steps,
    result: {
      buildId: manifest.buildId,
      manifest,
      pages: built,
      docsDir: state.config.docsDir,
      warnings: diagnostics.warnings,
      broken: [...store.broken].sort((a, b) => a.source.localeCompare(b.source)),
      routeTargets: new Map(store.routeTargets),
      // Its content keys and its two records.
      kv: { ...written, keys: kept.keys.size + 2 },
      pagesFromCache: 0,
      state,
    },
  };
}

/**
 * Where the build kept docs' descriptions for the pages still to compile, made again for those
 * whose description changed: the docs' global data, and the cards of the category pages among `pages`.
 */
function redescribe(state: BuildState, pages: PageRedo[], befores: SourceDoc[]): void {
  const described = new Set<number>();
  pages.forEach(({ version, doc }, at) => {
    if (doc.description === befores[at]!.description) return;
    described.add(version);
    const { context, loaded } = state.versions[version]!;
    const global = context.docsData && globalDocOf(context.docsData(), loaded.version, doc.id);
    if (global && doc.description) global.description = doc.description;
    else if (global) delete global.description;
  });
  for (const version of described) {
    const { context, loaded } = state.versions[version]!;
    if (!context.docCards) continue;
    const docsByRoute = new Map(loaded.docs.map((doc) => [doc.route, doc]));
    const redone = new Set(pages.filter((page) => page.version === version).map((page) => page.doc.route));
    Object.assign(
      context.docCards,
      categoryCards(loaded.sidebars.sidebars, (route) => docsByRoute.get(route)?.description, redone),
    );
  }
}

/**
 * The llms list after `changes`: the last one with their lines written again when they changed
 * only titles or descriptions, else made again from every page (as a full build makes it).
 */
function llmsListing(
  state: BuildState,
  changes: { before?: LlmsPage; after?: LlmsPage }[],
  built: LlmsPage[],
): LlmsRecord {
  const { site } = state.navigation;
  return (
    relisted(site, state.kept.llms.record, changes) ?? llmsRecord(site, state.lastSidebars, llmsPages(site, built))
  );
}

// Which pages a set of changed files asks to build again, or why only a full build will do. A
// doc whose text changed while everything other pages see of it (route, title, sidebar place…)
// stayed the same is rebuilt alone; a partial (a `_name.md(x)` file) rebuilds the docs that import
// it, directly or through other partials. A doc's description (its front matter's, or its first
// paragraph's) is shown by the cards of the pages that list it: those are rebuilt with it, unless
// site code reads the docs' global data, which holds it. Anything else — the config, sidebars,
// category files, styles, static files, components, a page added, removed or renamed, a title that
// changed — takes a full build.

import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { sidebarPages } from '../compile/sidebar-pages.ts';
import { pagesDescribing } from '../navigation/doc-cards.ts';
import { parseDoc, type SourceDoc } from '../sources/discover.ts';
import type { BuildState } from './build-state.ts';

/** A doc to compile again: its version (index in the state's), its place there and its source now. */
export interface PageRedo {
  version: number;
  index: number;
  doc: SourceDoc;
}

/** A page its version makes from its sidebars (sidebar-pages.ts) to make again: its index among them. */
export interface SidebarPageRedo {
  version: number;
  index: number;
  route: string;
}

export type RebuildPlan = { pages: PageRedo[]; sidebarPages: SidebarPageRedo[] } | { fallback: string };

const markdownFile = /\.mdx?$/;

/** What every other page sees of a doc but its description (cards show it): all of it but its text. */
function outline(doc: SourceDoc): string {
  const { raw: _raw, frontmatterLines: _lines, description: _description, ...rest } = doc;
  return JSON.stringify(rest);
}

/** The files a Markdown source imports, as absolute paths (relative and `@site/` imports only). */
function importsOf(file: string, raw: string, siteDir: string): string[] {
  const found: string[] = [];
  for (const match of raw.matchAll(/^\s*import\s+(?:[^'";]*?\s+from\s+)?['"]([^'"]+)['"]/gm)) {
    const spec = match[1]!;
    if (spec.startsWith('.')) found.push(resolve(dirname(file), spec));
    else if (spec.startsWith('@site/')) found.push(join(siteDir, spec.slice('@site/'.length)));
  }
  return found;
}

/** Partials (`_name.md(x)`) under `dir`. */
function partialsUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.startsWith('_') && markdownFile.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
}

/** An import names `file` when it is the path, or the path without its extension. */
const names = (imported: string, file: string) => imported === file || imported === file.replace(markdownFile, '');

export function planRebuild(state: BuildState, changed: Iterable<string>): RebuildPlan {
  const { siteDir, versions, sources } = state;
  const places = new Map<string, { version: number; index: number }>();
  versions.forEach((compiled, version) =>
    compiled.loaded.docs.forEach((doc, index) => places.set(doc.file, { version, index })),
  );
  const redo = new Map<string, PageRedo>();
  const described: PageRedo[] = [];
  const partials: string[] = [];
  for (const path of changed) {
    const rel = relative(siteDir, path) || path;
    const place = places.get(path);
    if (!existsSync(path) || !statSync(path).isFile()) return { fallback: `${rel} was added, removed or renamed` };
    if (!place) {
      if (basename(path).startsWith('_') && markdownFile.test(path)) partials.push(path);
      else return { fallback: `${rel} is not a page` };
      continue;
    }
    if (sources.brokenDocs?.has(path)) return { fallback: `${rel} had broken frontmatter` };
    const before = versions[place.version]!.loaded.docs[place.index]!;
    let doc: SourceDoc;
    try {
      doc = readDoc(state, path, place.version);
    } catch {
      return { fallback: `${rel} has broken frontmatter` };
    }
    if (outline(doc) !== outline(before)) return { fallback: `${rel} changed what other pages show of it` };
    redo.set(path, { ...place, doc });
    if (doc.description !== before.description) described.push({ ...place, doc });
  }
  if (partials.length > 0) {
    const importers = importersOf(state, partials);
    if (importers.length === 0) return { fallback: `no page imports ${relative(siteDir, partials[0]!)}` };
    for (const file of importers) {
      const broken = redoAsItIs(state, redo, file, places.get(file)!);
      if (broken) return broken;
    }
  }
  const sidebarRedo = new Map<string, SidebarPageRedo>();
  for (const { version, doc } of described) {
    if (state.docsDataRead)
      return { fallback: `${doc.relPath} changed its description, which site code reads from the docs' global data` };
    const { loaded } = versions[version]!;
    let own: ReturnType<typeof sidebarPages> | undefined;
    for (const route of pagesDescribing(loaded.sidebars, doc.route)) {
      const file = loaded.docs.find((other) => other.route === route)?.file;
      if (file !== undefined) {
        const broken = redoAsItIs(state, redo, file, places.get(file)!);
        if (broken) return broken;
        continue;
      }
      own ??= sidebarPages(loaded);
      const at = own.findIndex((page) => page.route === route);
      if (at < 0) return { fallback: `${doc.relPath} changed its description, which ${route} shows` };
      sidebarRedo.set(route, { version, index: at, route });
    }
  }
  return { pages: [...redo.values()], sidebarPages: [...sidebarRedo.values()] };
}

/** Adds the doc `file` to `redo` as its file is now, unless it is there; why not, if its front matter broke. */
function redoAsItIs(
  state: BuildState,
  redo: Map<string, PageRedo>,
  file: string,
  place: { version: number; index: number },
): { fallback: string } | undefined {
  if (redo.has(file)) return undefined;
  // Read again, as it was: the build let go of the docs' sources once their pages were stored.
  try {
    redo.set(file, { ...place, doc: readDoc(state, file, place.version) });
    return undefined;
  } catch {
    return { fallback: `${relative(state.siteDir, file)} has broken frontmatter` };
  }
}

/** A doc of version `version` as its file is now. */
export function readDoc(state: BuildState, file: string, version: number): SourceDoc {
  const { loaded } = state.versions[version]!;
  return parseDoc(state.siteDir, loaded.version.docsDir, file, readFileSync(file, 'utf8'), loaded.version.path);
}

/** The docs that import any of `partials`, directly or through other partials of the docs folders. */
function importersOf(state: BuildState, partials: string[]): string[] {
  const { siteDir, versions } = state;
  const sources = new Map<string, string>();
  for (const compiled of versions) {
    // Read again: the build let go of the docs' sources once their pages were stored.
    for (const doc of compiled.loaded.docs) sources.set(doc.file, readFileSync(doc.file, 'utf8'));
    for (const partial of partialsUnder(compiled.loaded.version.docsDir))
      sources.set(partial, readFileSync(partial, 'utf8'));
  }
  const reached = new Set(partials);
  for (let grew = true; grew;) {
    grew = false;
    for (const [file, raw] of sources) {
      if (reached.has(file)) continue;
      const imported = importsOf(file, raw, siteDir);
      if (!imported.some((path) => [...reached].some((partial) => names(path, partial)))) continue;
      reached.add(file);
      grew = true;
    }
  }
  const docs = new Set(versions.flatMap((compiled) => compiled.loaded.docs.map((doc) => doc.file)));
  return [...reached].filter((file) => docs.has(file));
}

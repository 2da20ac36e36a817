// Which pages a set of changed files asks to build again, or why only a full build will do. A
// doc whose text changed while everything other pages see of it (route, title, sidebar place,
// description…) stayed the same is rebuilt alone; a partial (a `_name.md(x)` file) rebuilds the
// docs that import it, directly or through other partials. Anything else — the config, sidebars,
// category files, styles, static files, components, a page added, removed or renamed, a
// description or title that changed — takes a full build.

import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { parseDoc, type SourceDoc } from '../sources/discover.ts';
import type { BuildState } from './build-state.ts';

/** A doc to compile again: its version (index in the state's), its place there and its source now. */
export interface PageRedo {
  version: number;
  index: number;
  doc: SourceDoc;
}

export type RebuildPlan = { pages: PageRedo[] } | { fallback: string };

const markdownFile = /\.mdx?$/;

/** What every other page sees of a doc: all of it but its text. */
function outline(doc: SourceDoc): string {
  const { raw: _raw, frontmatterLines: _lines, ...rest } = doc;
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
  }
  if (partials.length > 0) {
    const importers = importersOf(state, partials);
    if (importers.length === 0) return { fallback: `no page imports ${relative(siteDir, partials[0]!)}` };
    for (const file of importers) {
      if (redo.has(file)) continue;
      const place = places.get(file)!;
      // Read again, as it was: the build let go of the docs' sources once their pages were stored.
      try {
        redo.set(file, { ...place, doc: readDoc(state, file, place.version) });
      } catch {
        return { fallback: `${relative(siteDir, file)} has broken frontmatter` };
      }
    }
  }
  return { pages: [...redo.values()] };
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

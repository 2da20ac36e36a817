// Each page stored as soon as it is compiled: its data and its Markdown in KV, its search records in
// the index and the records file, its route in the table. Only a summary of it is kept, so memory
// holds summaries, not every page's tree.

import type { PageData } from '../../../client/contract/page.ts';
import { kvKeys, type RouteTarget } from '../../../client/contract/storage.ts';
import type { SiteConfig } from '../../../client/contract/site-config.ts';
import { AnchorIndex } from '../compile/checks/anchors.ts';
import type { BuildError } from '../errors.ts';
import type { ResolvedSidebars } from '../navigation/sidebars.ts';
import type { SourceDoc } from '../sources/discover.ts';
import { brokenPageRecord, type BrokenPageReport } from './broken-pages.ts';
import type { JsonListWriter } from './json-list-writer.ts';
import type { KvWriter } from './kv-writer.ts';
import { preparePage, type PageStoreFacts, type PreparedPage } from './prepared-page.ts';
import type { SearchIndexWriter } from './search/index-writer.ts';

export type { PageSummary } from './prepared-page.ts';
import type { PageSummary } from './prepared-page.ts';

export interface PageStoreOptions {
  kv: KvWriter;
  /** The DocSearch records file. */
  records: Pick<JsonListWriter, 'addJson'>;
  searchIndex: SearchIndexWriter;
  site: SiteConfig;
  /** Each page's top-level sidebar section, by route (the records' lvl0). */
  sections: Map<string, string>;
  /** The same doc in the other versions, by route. */
  alternates: Map<string, Record<string, string>>;
  /** Pages a forced `_redirects` rule stands in for. */
  replaced: Set<string>;
  /** Pages and generated category pages of every version. */
  pageCount: number;
  /** Docs whose frontmatter is broken, by file path (broken pages tolerated). */
  brokenDocs?: Map<string, BuildError[]>;
  /** Told once a page is stored, built or broken, with its route (the build's progress, npm start's early pages). */
  onStored?: (route: string) => void;
}

export class PageStore {
  /** Pages by their place in the build; a page that failed to build leaves a hole. */
  private readonly pages: PageSummary[];
  readonly routeTargets = new Map<string, RouteTarget>();
  /** The site's component modules the pages use: the browser bundle gets a chunk for each. */
  readonly islands = new Set<string>();
  readonly anchors = new AnchorIndex();
  broken: BrokenPageReport[] = [];
  /** The content keys each route's page stored (its data and Markdown, or its broken record). */
  readonly keysOf = new Map<string, string[]>();

  constructor(private options: PageStoreOptions) {
    this.pages = new Array<PageSummary>(options.pageCount);
  }

  async store(page: PageData, index: number): Promise<void> {
    await this.storePrepared(preparePage(page, this.placeOf(page.route)), index);
  }

  /** The facts of the build a page's preparation needs (`preparePage`), for a page about to compile. */
  placeOf(route: string): PageStoreFacts {
    const { site, alternates, replaced, sections } = this.options;
    const others = alternates.get(route);
    return {
      siteUrl: site.url,
      ...(site.trailingSlash ? { trailingSlash: true } : {}),
      ...(others && Object.keys(others).length > 0 ? { versions: others } : {}),
      ...(sections.has(route) ? { section: sections.get(route)! } : {}),
      ...(replaced.has(route) ? { replaced: true } : {}),
    };
  }

  /** Stores a page `preparePage` made (here or in a compile thread) at its place `index`. */
  async storePrepared(prepared: PreparedPage, index: number): Promise<void> {
    const { kv } = this.options;
    const { summary } = prepared;
    this.anchors.addFound(summary.route, prepared.anchors);
    for (const island of summary.islands ?? []) this.islands.add(island);
    const pageHash = await kv.putContent(kvKeys.page, prepared.json, prepared.jsonHash);
    const markdownHash = await kv.putContent(kvKeys.markdown, prepared.markdown, prepared.markdownHash);
    this.routeTargets.set(summary.route, { page: pageHash, markdown: markdownHash });
    this.keysOf.set(summary.route, [kvKeys.page(pageHash), kvKeys.markdown(markdownHash)]);
    this.pages[index] = summary;
    this.options.onStored?.(summary.route);
    if (!prepared.search) return;
    await this.options.records.addJson(prepared.search.records);
    this.options.searchIndex.addPrepared(index, prepared.search.index);
  }

  /** A page that failed to build, as the dev server shows it at its route. */
  async storeBroken(
    doc: SourceDoc,
    compileProblems: BuildError[],
    sidebars?: Pick<ResolvedSidebars, 'sidebarOfDoc'>,
  ): Promise<void> {
    const problems = [...(this.options.brokenDocs?.get(doc.file) ?? []), ...compileProblems];
    const record = brokenPageRecord(doc, problems, sidebars?.sidebarOfDoc.get(doc.id));
    const hash = await this.options.kv.putContent(kvKeys.broken, JSON.stringify(record));
    this.routeTargets.set(doc.route, { broken: hash });
    this.keysOf.set(doc.route, [kvKeys.broken(hash)]);
    this.broken.push({ route: doc.route, source: doc.relPath, problems });
    this.options.onStored?.(doc.route);
  }

  /**
   * Takes out what the page at `route` (place `index`) stored, so that it can be stored again:
   * the one-page rebuild of `npm start` (compiler/incremental/). Its KV values stay where they
   * are; the next build's records just no longer name them.
   */
  forget(route: string, source: string, index: number): void {
    this.anchors.remove({ route, source });
    this.options.searchIndex.removePage(index);
    delete this.pages[index];
    this.keysOf.delete(route);
    this.broken = this.broken.filter((report) => report.route !== route);
  }

  /** Stores from now on into `kv`, the DocSearch records into `records` (a rebuild's own). */
  writeTo(kv: KvWriter, records: Pick<JsonListWriter, 'addJson'>): void {
    this.options = { ...this.options, kv, records };
  }

  /** The page stored at `index`, without its tree. */
  summaryAt(index: number): PageSummary | undefined {
    return this.pages[index];
  }

  /** The pages built, in the order of the docs. */
  built(): PageSummary[] {
    return this.pages.filter((page) => page !== undefined);
  }
}

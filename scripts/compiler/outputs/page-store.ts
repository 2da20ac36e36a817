// Each page stored as soon as it is compiled: its data and its Markdown in KV, its search records in
// the index and the records file, its route in the table. Only a summary of it is kept, so memory
// holds summaries, not every page's tree.

import type { PageData } from '../../../client/contract/page.ts';
import { kvKeys, type RouteTarget } from '../../../client/contract/storage.ts';
import type { SiteConfig } from '../../../client/contract/site-config.ts';
import { styleGroupsOfPage } from '../assets/stylesheet-groups.ts';
import { AnchorIndex } from '../compile/checks/anchors.ts';
import type { BuildError } from '../errors.ts';
import type { ResolvedSidebars } from '../navigation/sidebars.ts';
import type { SourceDoc } from '../sources/discover.ts';
import { brokenPageRecord, type BrokenPageReport } from './broken-pages.ts';
import type { JsonListWriter } from './json-list-writer.ts';
import type { KvWriter } from './kv-writer.ts';
import { pageMarkdown } from './markdown-export.ts';
import type { SearchIndexWriter } from './search/index-writer.ts';
import { pageSearchRecords } from './search/records.ts';

/** A page as the build summarises it once stored: its data without the element tree. */
export type PageSummary = Omit<PageData, 'tree' | 'toc'>;

export interface PageStoreOptions {
  kv: KvWriter;
  /** The DocSearch records file. */
  records: Pick<JsonListWriter, 'add'>;
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
  /** Told once a page is stored, built or broken (the build's progress). */
  onStored?: () => void;
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
    const { kv, site, alternates, replaced } = this.options;
    this.anchors.add(page);
    const others = alternates.get(page.route);
    if (others && Object.keys(others).length > 0) page.versions = others;
    for (const island of page.islands ?? []) this.islands.add(island);
    page.styles = styleGroupsOfPage(page);
    const pageHash = await kv.putContent(kvKeys.page, JSON.stringify(page));
    // Plain Markdown for `<route>.md` and the llms files; absolute links on the configured url.
    const markdownHash = await kv.putContent(kvKeys.markdown, pageMarkdown(page, site.url));
    this.routeTargets.set(page.route, { page: pageHash, markdown: markdownHash });
    this.keysOf.set(page.route, [kvKeys.page(pageHash), kvKeys.markdown(markdownHash)]);
    const { tree: _tree, toc: _toc, ...summary } = page;
    this.pages[index] = summary;
    this.options.onStored?.();
    // A page a forced `_redirects` rule stands in for cannot be reached, so nothing offers it.
    // A listing page is a way down a large sidebar without JavaScript, not content to offer.
    if (replaced.has(page.route) || page.listing) {
      summary.unlisted = true;
      return;
    }
    // A blog's list, tag, author and archive pages repeat its posts: search offers the posts.
    if (page.blog && page.blog.kind !== 'post') return;
    const pageRecords = pageSearchRecords(page, this.options.sections, site.url);
    await this.options.records.add(pageRecords);
    this.options.searchIndex.addPage(index, pageRecords);
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
    this.options.onStored?.();
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
  writeTo(kv: KvWriter, records: Pick<JsonListWriter, 'add'>): void {
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

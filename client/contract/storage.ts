// What a build stores in KV and how its keys are named: the manifest, the route table in buckets,
// sidebars, llms parts and where the search index lives. The worker and the build read it; the
// browser never does (lint keeps browser code from importing it).

import type { ClientAssets, StyleGroup } from './assets.ts';
import type { FeedRef } from './blog.ts';
import type { IslandAssets } from './page.ts';
import type { RedirectRule } from './redirect-rules.ts';
import type { HeadTag, SiteConfig, SiteSources } from './site-config.ts';

/**
 * Where a route leads in a build: its page and Markdown (KV keys by content hash), or a redirect.
 * `status` is set only where `_redirects` asks for other than the usual: a page served as a
 * custom not-found page (404), a redirect that is not permanent. A dev build (`npm start`) may
 * also lead to a page that failed to build (KV `broken:<hash>`); a production build never holds
 * one, as any error stops it.
 */
export type RouteTarget =
  | { page: string; markdown: string; status?: 404 }
  | { redirect: string; status?: 302 | 303 | 307 | 308 }
  | { broken: string };

/** One bucket of a build's route table (KV `routes:<hash>`): the routes whose `routeBucket` is its index. */
export type RouteBucket = Record<string, RouteTarget>;

/** A sidebar of a build: its data file (KV `sidebar:<hash>`, `/__data/sidebar/<hash>.json`). */
export interface SidebarRef {
  hash: string;
  /**
   * The docs version the sidebar belongs to: a page's boot data names only its own version's sidebars.
   * None for a docs plugin instance's sidebar (an instance has one version): every page names it.
   */
  version?: string;
  /** Links it holds; a page inside a large sidebar is rendered with only part of it (see pruneSidebar). */
  size: number;
  /** The listing page of its top level, when that is longer than a partial render shows. */
  listing?: string;
  /** Stored in parts (client/contract/sidebar-parts.ts): `hash` names its top-level list. */
  split?: true;
}

/**
 * The version of each format a build stores, as this code writes it; a build's manifest records
 * them (`Manifest.formats`), and the search index's first piece carries its own (`version`). A
 * format takes a new version when a reader of the old one would misread the new one.
 *
 * A rollback may serve any kept build (`build:history` holds the last five), so code that reads an
 * older format stays while a kept build can hold one, and says so where it does: "Older format
 * (…): goes once …". A manifest without `formats` was written before formats were recorded; every
 * reader of an older format serves only such builds, so each can go once every kept build records
 * `formats`: five deploys after this code first deploys.
 */
export const storedFormats = {
  // 2: the style groups' CSS is a value of its own (`ClientAssets.styleSheet`), not in the manifest.
  manifest: 2,
  routes: 1,
  page: 1,
  markdown: 1,
  sidebar: 1,
  llms: 1,
  searchIndex: 6,
} as const;

export type StoredFormats = { [Format in keyof typeof storedFormats]: number };

/**
 * One build's own record, KV `b:<id>:manifest`, read once per isolate (by every cold request, a
 * search too). Nothing in it grows with the number of pages: the route table, sidebars, llms files,
 * search index and the style groups' CSS are content-addressed values it names by hash.
 */
export interface Manifest {
  buildId: string;
  builtAt: string;
  /** The version of each format the build stored; absent in builds written before formats were recorded. */
  formats?: StoredFormats;
  site: SiteConfig;
  /** The route table, split in buckets: a route is in `routeBuckets[routeBucket(route, length)]`. */
  routeBuckets: string[];
  sidebars: Record<string, SidebarRef>;
  /** The sidebar a page that is not found offers, so the reader can find the way on. */
  defaultSidebar?: string;
  /** `/llms.txt` and `/llms-full.txt`, in parts (KV `llms:<hash>`). */
  llms: string[];
  /** The embedded search index's directory and where its pieces are. */
  search: SearchRef;
  assets: ClientAssets;
  /**
   * The site's component modules that pages use, by module (site-relative path). A page's HTML and
   * data carry only the entries of its own islands.
   */
  islands?: Record<string, IslandAssets>;
  /** The site's own head tags and the origins its pages may load from besides this one. */
  head?: { tags: HeadTag[]; sources: SiteSources };
  /**
   * `_redirects` rules with splats, placeholders, query, language or country conditions or a host, in
   * file order (see RedirectRule).
   */
  redirects?: RedirectRule[];
  /** The blogs' RSS, Atom and JSON feeds, by path (`/blog/rss.xml`); absent without a blog. */
  feeds?: Record<string, FeedRef>;
}

/**
 * A manifest whose style groups carry their CSS (read from its `assets.styleSheet`): what a document
 * is rendered from (worker/services/style-sheet.ts `styledManifest`).
 */
export type StyledManifest = Omit<Manifest, 'assets'> & {
  assets: Omit<ClientAssets, 'styleGroups'> & { styleGroups?: StyleGroup[] };
};

/**
 * A part of `/llms.txt` ready to serve, with its pages in sidebar order for `/llms-full.txt`; KV
 * `llms:<hash>`. Pages are named by route (their Markdown is found through the route table), so
 * editing a page's text leaves the parts as they were.
 */
export interface LlmsPart {
  text: string;
  routes: string[];
}

export const kvKeys = {
  current: 'build:current',
  history: 'build:history',
  manifest: (buildId: string) => `b:${buildId}:manifest`,
  /** Every content key a build uses, for the deploy (what to upload, what to collect); never read by the worker. */
  keys: (buildId: string) => `b:${buildId}:keys`,
  routes: (hash: string) => `routes:${hash}`,
  page: (hash: string) => `page:${hash}`,
  markdown: (hash: string) => `md:${hash}`,
  sidebar: (hash: string) => `sidebar:${hash}`,
  llms: (hash: string) => `llms:${hash}`,
  /** A piece of a build's split search index, when the build keeps them in KV (see SearchRef). */
  searchPiece: (hash: string) => `search:${hash}`,
  /** A page of a dev build that failed to build, with its problems (never in a production build). */
  broken: (hash: string) => `broken:${hash}`,
  /** A build's style sheet (`ClientAssets.styleSheet`): its style groups' CSS, by group name. */
  styles: (hash: string) => `styles:${hash}`,
  /** A blog feed, served at the path the manifest's `feeds` gives it. */
  feed: (hash: string) => `feed:${hash}`,
  /** A part of a large build's `keys` record (which then names its parts); never read by the worker. */
  keysPart: (hash: string) => `keys:${hash}`,
} as const;

/** Prefixes of the content-addressed keys: a value under them never changes. */
export const contentKeyPrefixes = [
  'routes:',
  'page:',
  'md:',
  'sidebar:',
  'llms:',
  'search:',
  'broken:',
  'feed:',
  'keys:',
  'styles:',
] as const;

/** Bucket of a route in a table of `buckets` buckets (FNV-1a of its UTF-16 code units). */
export function routeBucket(route: string, buckets: number): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < route.length; i++) {
    hash ^= route.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) % buckets;
}

/**
 * Where a build's split search index lives: pieces named by the hash of their content, either
 * static assets at `searchPiecePath(hash)` (deployed builds) or KV values `kvKeys.searchPiece(hash)`
 * (builds made without a client, as in the worker tests). `directory` is the hash of the piece
 * the worker reads first.
 */
export interface SearchRef {
  store: 'assets' | 'kv';
  directory: string;
  /**
   * Where the page record chunks (read for a query's hits) are when not with the other pieces: a
   * site too large for its pieces to stay under Workers Static Assets' 20,000 files a version on the
   * free plan, even with the chunks grown, keeps them in KV (they are most of the pieces).
   */
  passing?: 'kv';
  /**
   * With `passing`: the record chunks the deploy left in the static assets, because KV lacked them
   * (a redeploy's changed pages): a redeploy writes no KV value for them. A few hundred at most.
   */
  staticChunks?: string[];
}

// Deploys the built fixture sites into the test KV namespace, the way `wrangler kv bulk put`
// and the deploy script do: build-prefixed keys first, then the pointers.
//
// Every deploy gets a build id no other test used, so its own records, its edge-cache entries
// (keyed by build id) and the isolate's memory start empty: tests do not depend on order.
// Content keys (pages, route buckets, sidebars…) are named by their hash and shared, as in KV:
// a deploy writes only those this runtime's KV does not hold yet (see `written`).

/// <reference types="@cloudflare/vitest-pool-workers/types" />
import { env } from 'cloudflare:test';
import { inject } from 'vitest';
import { contentKeyPrefixes, kvKeys, type Manifest } from '../../../client/contract/storage.ts';
import type { PageData } from '../../../client/contract/page.ts';
import type { SidebarItem } from '../../../client/contract/sidebar.ts';
import type { SiteConfig } from '../../../client/contract/site-config.ts';
import type { BuiltFixture } from '../../support/worker-global-setup.ts';
import type { KvEntry } from '../../../scripts/compiler/outputs/kv-writer.ts';
import type { Env } from '../../../worker/env.ts';
import { forgetStore } from '../../../worker/services/content-store.ts';
import { forgetPages } from '../../../worker/services/html-cache.ts';
import { forgetSearchPieces } from '../../../worker/services/search/pieces.ts';

const kv = (env as unknown as Env).CONTENT;

/**
 * Content keys a deploy wrote into this runtime's KV, with the value written, while no put or
 * delete through `bindings.CONTENT` touched them since. The files of a vitest worker share one
 * workerd, its KV and this module: a later deploy of a fixture skips those puts (a round trip each
 * to Miniflare's KV simulator; the large fixture's 600 took seconds every deploy).
 */
const written = new Map<string, string>();

/** `CONTENT` for the tests: a put or delete of a key makes the next deploy write it again. */
const content = new Proxy(kv, {
  get(target, property) {
    if (property === 'put' || property === 'delete') {
      return (key: string, ...rest: unknown[]) => {
        written.delete(key);
        return (target[property] as (key: string, ...rest: unknown[]) => Promise<void>).call(target, key, ...rest);
      };
    }
    const value: unknown = Reflect.get(target, property, target);
    return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
  },
});

/** The worker's bindings as configured in wrangler.toml (KV `CONTENT`, `HTML_CACHE_TTL`). */
export const bindings: Env = { ...(env as unknown as Env), CONTENT: content };

/** Writes a content-addressed entry unless this runtime's KV already holds that value. */
async function putContent(key: string, value: string): Promise<void> {
  if (written.get(key) === value) return;
  await bindings.CONTENT.put(key, value);
  written.set(key, value);
}

export type FixtureName =
  | 'site'
  | 'home-site'
  | 'large-site'
  | 'broken-pages'
  | 'docusaurus-versions'
  | 'docusaurus-redirects'
  | 'docusaurus-styled'
  | 'docusaurus-components'
  | 'docusaurus-islands'
  | 'docusaurus-pages'
  | 'docusaurus-blog'
  | 'docusaurus-docs-instances';

export interface DeployOptions {
  /** tests/fixtures/site (default), or another fixture under tests/fixtures/. */
  fixture?: FixtureName;
  /** Keys left out, as after an interrupted upload or an expired build. */
  omit?: ('manifest' | 'pages')[];
  /** Write `build:current` and `build:history` (default true). */
  live?: boolean;
  /** Settings laid over the fixture's site config in its manifest, as another config would build them. */
  site?: Partial<SiteConfig>;
}

export interface DeployedBuild {
  buildId: string;
  manifest: Manifest;
  /** The page JSON exactly as stored in KV. */
  storedPage(route: string): string;
  /** The KV key the page is stored under. */
  pageKey(route: string): string;
  page(route: string): PageData;
}

export function fixtureBuild(fixture: FixtureName = 'site'): BuiltFixture {
  if (fixture === 'home-site') return inject('homeSite');
  if (fixture === 'broken-pages') return inject('brokenSite');
  if (fixture === 'docusaurus-versions') return inject('versionsSite');
  if (fixture === 'docusaurus-redirects') return inject('redirectsSite');
  if (fixture === 'docusaurus-styled') return inject('styledSite');
  if (fixture === 'docusaurus-components') return inject('componentsSite');
  if (fixture === 'docusaurus-islands') return inject('islandsSite');
  if (fixture === 'docusaurus-pages') return inject('pagesSite');
  if (fixture === 'docusaurus-blog') return inject('blogSite');
  if (fixture === 'docusaurus-docs-instances') return inject('instancesSite');
  return fixture === 'large-site' ? inject('largeSite') : inject('site');
}

/** Title and description of every page of a fixture, by route. */
export function fixturePages(fixture: FixtureName = 'site'): Record<string, { title: string; description: string }> {
  return fixtureBuild(fixture).pages;
}

/** Redirects of a fixture's route table: old path → route. */
export function fixtureRedirects(fixture: FixtureName = 'site'): Record<string, string> {
  return Object.fromEntries(
    Object.entries(fixtureBuild(fixture).routeTable).flatMap(([from, target]) =>
      'redirect' in target ? [[from, target.redirect]] : [],
    ),
  );
}

/** A fixture's sidebars, whole. */
export function fixtureSidebars(fixture: FixtureName = 'site'): Record<string, SidebarItem[]> {
  return fixtureBuild(fixture).sidebars;
}

/** The manifest of a fixture as the build wrote it. */
export function fixtureManifest(fixture: FixtureName = 'site'): Manifest {
  return fixtureBuild(fixture).manifest;
}

/** The KV entries of fixture builds, by build id: fetched once from the global setup's server. */
const fetchedEntries = new Map<string, Promise<KvEntry[]>>();

function fixtureEntries(source: BuiltFixture): Promise<KvEntry[]> {
  let entries = fetchedEntries.get(source.buildId);
  if (!entries) {
    entries = fetch(source.entriesUrl).then(async (response) => {
      if (!response.ok) throw new Error(`${source.entriesUrl} answered ${response.status}`);
      return (await response.json()) as KvEntry[];
    });
    entries.catch(() => fetchedEntries.delete(source.buildId));
    fetchedEntries.set(source.buildId, entries);
  }
  return entries;
}

export function freshBuildId(): string {
  return crypto.randomUUID().replace(/-/g, '').slice(0, 12);
}

export async function deployFixture(options: DeployOptions = {}): Promise<DeployedBuild> {
  const source = fixtureBuild(options.fixture);
  const buildId = freshBuildId();
  const omit = new Set(options.omit);
  const entries = await fixtureEntries(source);
  const values = new Map(entries.map((entry) => [entry.key, entry.value]));
  let manifest: Manifest | undefined;
  for (const entry of entries) {
    if (entry.key === kvKeys.manifest(source.buildId)) {
      const built = JSON.parse(entry.value) as Manifest;
      manifest = { ...built, buildId, site: { ...built.site, ...options.site } };
      if (!omit.has('manifest')) await bindings.CONTENT.put(kvKeys.manifest(buildId), JSON.stringify(manifest));
    } else if (entry.key === kvKeys.keys(source.buildId)) {
      await bindings.CONTENT.put(kvKeys.keys(buildId), entry.value);
    } else if (entry.key.startsWith(kvKeys.page(''))) {
      // Content keys are shared by builds: leaving pages out means deleting them.
      if (omit.has('pages')) await bindings.CONTENT.delete(entry.key);
      else await putContent(entry.key, entry.value);
    } else if (contentKeyPrefixes.some((prefix) => entry.key.startsWith(prefix))) {
      await putContent(entry.key, entry.value);
    } else {
      await bindings.CONTENT.put(entry.key, entry.value);
    }
  }
  if (!manifest) throw new Error('the fixture build has no manifest');
  if (options.live ?? true) await pointTo(buildId, [buildId]);
  forgetStore();
  forgetPages();
  const storedPage = (route: string) => {
    const target = source.routeTable[route];
    const json = target && 'page' in target ? values.get(kvKeys.page(target.page)) : undefined;
    if (json === undefined) throw new Error(`the fixture has no page ${route}`);
    return json;
  };
  const pageKey = (route: string) => {
    const target = source.routeTable[route];
    if (!target || !('page' in target)) throw new Error(`the fixture has no page ${route}`);
    return kvKeys.page(target.page);
  };
  return {
    buildId,
    manifest,
    storedPage,
    pageKey,
    page: (route) => JSON.parse(storedPage(route)) as PageData,
  };
}

/** Writes the pointers as a deploy or rollback does (history newest first), then forgets what the
 * isolate remembered. */
export async function pointTo(current: string | null, history: string[] = []): Promise<void> {
  if (current === null) await bindings.CONTENT.delete(kvKeys.current);
  else await bindings.CONTENT.put(kvKeys.current, current);
  await bindings.CONTENT.put(kvKeys.history, JSON.stringify(history));
  forgetStore();
  forgetPages();
}

/**
 * Deletes the directory of the build's search index, as if an upload lost it, and makes the
 * isolate forget the pieces it read. Returns what puts it back: pieces are shared by builds.
 */
export async function loseSearchDirectory(build: DeployedBuild): Promise<() => Promise<void>> {
  const key = kvKeys.searchPiece(build.manifest.search.directory);
  const value = await bindings.CONTENT.get(key);
  await bindings.CONTENT.delete(key);
  forgetSearchPieces();
  return async () => {
    if (value !== null) await bindings.CONTENT.put(key, value);
    forgetSearchPieces();
  };
}

/** A KV binding whose every read fails, as when KV has an outage. */
export function failingKv(): KVNamespace {
  const fail = () => Promise.reject(new Error('KV GET failed: 500 Internal Server Error (simulated outage)'));
  return { get: fail, getWithMetadata: fail, list: fail, put: fail, delete: fail } as unknown as KVNamespace;
}

/** Bindings whose KV throws a TypeError as soon as our code touches it: a bug, not an outage. */
export function bindingsWithBug(): Env {
  return {
    ...bindings,
    get CONTENT(): KVNamespace {
      throw new TypeError("Cannot read properties of undefined (reading 'get') at worker/routes/x.ts:12:34");
    },
  };
}

/** The test KV namespace, counting reads by key. */
export function countingKv(reads: Map<string, number>): KVNamespace {
  const kv = bindings.CONTENT;
  return new Proxy(kv, {
    get(target, name) {
      if (name === 'get')
        return (key: string, ...rest: unknown[]) => {
          reads.set(key, (reads.get(key) ?? 0) + 1);
          return (target.get as (...args: unknown[]) => unknown).call(target, key, ...rest);
        };
      const value = Reflect.get(target, name) as unknown;
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

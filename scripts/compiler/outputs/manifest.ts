// The build's own record, written last: the resolved site, the hashes of everything the build
// stored, its assets; its id is a hash of all of it and of every file the bundles wrote, so two
// builds of the same input get the same id.

import { createHash } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { StyleSheet } from '../../../client/contract/assets.ts';
import type { FeedRef } from '../../../client/contract/blog.ts';
import type { IslandAssets } from '../../../client/contract/page.ts';
import type { RedirectRule } from '../../../client/contract/redirect-rules.ts';
import { kvKeys, storedFormats, type Manifest } from '../../../client/contract/storage.ts';
import type { SiteHead } from '../config/head-tags.ts';
import type { KvWriter } from './kv-writer.ts';

export type ManifestContent = Omit<Manifest, 'buildId' | 'builtAt'>;

export interface ManifestParts extends Omit<
  ManifestContent,
  'formats' | 'defaultSidebar' | 'islands' | 'redirects' | 'head' | 'feeds'
> {
  /** The blogs' feeds by path; none without a blog. */
  feeds?: Record<string, FeedRef>;
  /** The last version's sidebars, by id: the first is offered by the not-found page. */
  lastSidebarIds: string[];
  islands: Record<string, IslandAssets>;
  redirects: RedirectRule[];
  head: SiteHead;
}

/** The manifest of these parts; optional fields only where they hold something. */
export function assembleManifest(parts: ManifestParts, files: Uint8Array[]): Manifest {
  const { head } = parts;
  const content: ManifestContent = {
    formats: storedFormats,
    site: parts.site,
    routeBuckets: parts.routeBuckets,
    sidebars: parts.sidebars,
    ...(parts.lastSidebarIds[0] ? { defaultSidebar: parts.lastSidebarIds[0] } : {}),
    llms: parts.llms,
    search: parts.search,
    assets: parts.assets,
    ...(Object.keys(parts.islands).length > 0 ? { islands: parts.islands } : {}),
    ...(parts.redirects.length > 0 ? { redirects: parts.redirects } : {}),
    ...(parts.feeds && Object.keys(parts.feeds).length > 0 ? { feeds: parts.feeds } : {}),
    ...(head.tags.length > 0 || Object.values(head.sources).some((list) => list.length > 0) ? { head } : {}),
  };
  return { buildId: hashBuild(content, files), builtAt: new Date().toISOString(), ...content };
}

/** Content keys a part of the `keys` record holds (about 1 MB of JSON). */
export const keysPerPart = 40_000;

/**
 * Writes the build's style sheet and its two records (its content keys, its manifest), closes the
 * KV files, and notes the build id and the content keys beside them: the deploy protects those keys
 * from garbage collection without reading them back from KV.
 */
export async function writeManifest(kv: KvWriter, outDir: string, manifest: Manifest, perPart = keysPerPart) {
  const stored = await withStyleSheet(kv, manifest);
  const keys = kv.contentKeys();
  // A large site's record (some 210,000 keys at 100,000 pages) goes in content-addressed parts of
  // about 1 MB that it names, so no value passes 2 MB. Keys go to parts by a hash of the key, not by
  // position, so a changed page changes the parts of its old and new keys only.
  const parts: string[] = [];
  for (const list of splitKeys(keys, perPart))
    parts.push(kvKeys.keysPart(await kv.putContent(kvKeys.keysPart, JSON.stringify(list))));
  const contentKeys = JSON.stringify(parts.length > 0 ? [...keys, ...parts].sort() : keys);
  return closeBuild(kv, outDir, stored, parts, contentKeys);
}

/** Sorted content keys in the parts of the `keys` record, each sorted; none when one record holds them. */
export function splitKeys(keys: string[], perPart = keysPerPart): string[][] {
  if (keys.length <= perPart) return [];
  const lists: string[][] = Array.from({ length: Math.ceil(keys.length / perPart) }, () => []);
  for (const key of keys) lists[keyBucket(key, lists.length)]!.push(key);
  return lists;
}

/**
 * Writes the two records of a build whose content keys (`contentKeys`, the JSON of every key and
 * part, sorted) are stored, closes the KV files and notes the build id and its keys beside them.
 */
export async function closeBuild(kv: KvWriter, outDir: string, stored: Manifest, parts: string[], contentKeys: string) {
  await kv.put(kvKeys.keys(stored.buildId), parts.length > 0 ? JSON.stringify({ parts }) : contentKeys);
  await kv.put(kvKeys.manifest(stored.buildId), JSON.stringify(stored));
  const written = await kv.close();
  await writeFile(join(outDir, 'kv', 'build-id'), stored.buildId);
  await writeFile(join(outDir, 'kv', 'keys.json'), contentKeys);
  return { ...written, largest: kv.largest };
}

/**
 * The manifest as stored: its style groups' CSS (most of its bytes) moved to a content-addressed
 * value it names, which only the renders that inline CSS read; the same CSS in the next build is
 * the same key, written once.
 */
export async function withStyleSheet(kv: KvWriter, manifest: Manifest): Promise<Manifest> {
  const groups = manifest.assets.styleGroups;
  if (!groups || groups.length === 0) return manifest;
  const sheet: StyleSheet = Object.fromEntries(groups.map((group) => [group.name, group.css ?? '']));
  const styleSheet = await kv.putContent(kvKeys.styles, JSON.stringify(sheet));
  const styleGroups = groups.map(({ css: _css, ...group }) => group);
  return { ...manifest, assets: { ...manifest.assets, styleGroups, styleSheet } };
}

/** A key's part among `count` (FNV-1a of the key). */
export function keyBucket(key: string, count: number): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) hash = Math.imul(hash ^ key.charCodeAt(i), 0x01000193) >>> 0;
  return hash % count;
}

function hashBuild(content: unknown, files: Uint8Array[]): string {
  const hash = createHash('sha256');
  hash.update(JSON.stringify(content));
  for (const file of files) hash.update(file);
  return hash.digest('hex').slice(0, 12);
}

// A build's style groups with their CSS, for the renders that inline it (doc pages, the search
// page, the 503 page). The manifest names the groups; their CSS is a value of its own
// (`ClientAssets.styleSheet`), so a request that renders nothing (a search) never reads or parses it.

import type { StyleSheet } from '../../client/contract/assets.ts';
import { kvKeys, type Manifest, type StyledManifest } from '../../client/contract/storage.ts';
import { immutableTtl, readStored, StoreUnavailable } from './kv-reads.ts';

/** Each manifest's styled twin, being read or read; a failed read is forgotten, so the next render asks again. */
const styled = new WeakMap<Manifest, Promise<StyledManifest>>();

/**
 * The manifest with its style groups' CSS. Read once per build and isolate; a page's route starts
 * it beside its own reads, so a cold render waits for no extra round trip.
 */
export function styledManifest(kv: KVNamespace, manifest: Manifest): Promise<StyledManifest> {
  const known = styled.get(manifest);
  if (known) return known;
  const reading = readStyled(kv, manifest);
  styled.set(manifest, reading);
  reading.catch(() => styled.delete(manifest));
  return reading;
}

/** The styled manifest if this isolate has read it already (the 503 page, when KV may be what failed). */
export function styledIfKnown(manifest: Manifest): Promise<StyledManifest> | undefined {
  return styled.get(manifest);
}

async function readStyled(kv: KVNamespace, manifest: Manifest): Promise<StyledManifest> {
  const { styleSheet, styleGroups } = manifest.assets;
  // Older format (manifest 1: the groups' CSS in the manifest): goes once no kept build has manifest format 1.
  if (!styleSheet || !styleGroups) return manifest as StyledManifest;
  const key = kvKeys.styles(styleSheet);
  const text = await readStored(kv, key, immutableTtl);
  if (text === null) throw new StoreUnavailable(`${key} of build ${manifest.buildId} is missing`);
  let sheet: StyleSheet;
  try {
    sheet = JSON.parse(text) as StyleSheet;
  } catch (error) {
    throw new StoreUnavailable(`${key} is not valid JSON`, error);
  }
  const groups = styleGroups.map((group) => ({ ...group, css: sheet[group.name] ?? '' }));
  return { ...manifest, assets: { ...manifest.assets, styleGroups: groups } };
}

// The record a deploy keeps of each build, `b:<id>:deploy`, and what it reads of the kept builds:
// their content keys and their hashed assets. Both lists grow with the site (some 210,000 keys
// and tens of thousands of search pieces at 100,000 pages), so each is a shared list
// (shared-list.ts): parts that consecutive builds share, and the build's own changes in the record.
// Records written before the lists were shared hold every asset, and leave the keys to the
// build's own `b:<id>:keys` (a list, or the parts it names): both are still read.

import { kvKeys } from '../../client/contract/storage.ts';
import type { DeployTarget } from './deploy-target.ts';
import { deployKeys, type DeployRecord, type KeptAsset } from './kept-files.ts';
import { isSharedList, parsePart, resolveList, storeList, type ListKind, type SharedList } from './shared-list.ts';
import { keyRecordParts, parseKeyRecord } from './upload-plan.ts';

/** What `b:<id>:deploy` holds. */
export interface StoredDeployRecord {
  /** The worker version that went live with the build (see DeployRecord). */
  worker?: string;
  /** Every asset: records written before `assetList`. */
  assets?: KeptAsset[];
  /** The build's hashed assets. */
  assetList?: SharedList<KeptAsset>;
  /** The build's content keys (its `b:<id>:keys` is then not stored). */
  keys?: SharedList<string>;
}

/** Asset parts of about 800 KB; a build lists up to some 300 KB of assets of its own. */
export const assetList: ListKind<KeptAsset> = {
  partKey: deployKeys.list,
  id: (asset) => asset.path,
  perPart: 5000,
  ownItems: 2000,
};

/** Key parts of about 1.2 MB; a build lists up to some 150 KB of keys of its own. */
export const keyList: ListKind<string> = {
  partKey: kvKeys.keysPart,
  id: (key) => key,
  perPart: 40_000,
  ownItems: 5000,
};

export interface BuildRecords {
  /** Its content keys, the parts that list them too; null when the record is missing or unreadable. */
  keys: string[] | null;
  /** Its assets and worker; null for a build deployed before deploys wrote a record. */
  deploy: DeployRecord | null;
  /** The parts its lists are stored in and the items they hold: what the next build's lists share. */
  bases: { keys?: ListBase<string>; assets?: ListBase<KeptAsset> };
}

export interface ListBase<T> {
  parts: string[];
  items: T[];
}

export function parseStoredRecord(text: string | null | undefined): StoredDeployRecord | null {
  if (!text) return null;
  try {
    const record = JSON.parse(text) as StoredDeployRecord;
    if (record && (Array.isArray(record.assets) || isSharedList(record.assetList))) return record;
  } catch {
    // An unreadable record is reported as absent by the caller.
  }
  return null;
}

/** Values one bulk read asks for: parts are up to about 1.2 MB each. */
const partsPerRead = 10;

/** The records of the given builds, with the parts they name, in bulk reads. */
export async function readBuildRecords(target: DeployTarget, ids: string[]): Promise<Map<string, BuildRecords>> {
  const records = new Map<string, BuildRecords>();
  if (ids.length === 0) return records;
  const values = await target.getKeys(ids.flatMap((id) => [kvKeys.keys(id), deployKeys.record(id)]));
  const stored = new Map(ids.map((id) => [id, parseStoredRecord(values.get(deployKeys.record(id)))]));
  // Older builds: the parts their own key record names.
  const oldKeyParts = new Map(
    ids.map((id) => [id, stored.get(id)?.keys ? null : keyRecordParts(values.get(kvKeys.keys(id)) ?? null)]),
  );
  const partKeys = new Set<string>();
  for (const id of ids) {
    const record = stored.get(id);
    for (const part of [...(record?.keys?.parts ?? []), ...(record?.assetList?.parts ?? [])]) partKeys.add(part);
    for (const part of oldKeyParts.get(id) ?? []) partKeys.add(part);
  }
  const parts = new Map<string, unknown[] | null>();
  const wanted = [...partKeys];
  for (let at = 0; at < wanted.length; at += partsPerRead)
    for (const [key, value] of await target.getKeys(wanted.slice(at, at + partsPerRead)))
      parts.set(key, parsePart(value));

  const base = <T>(names: string[]): ListBase<T> | undefined => {
    const lists = names.map((name) => parts.get(name) as T[] | null | undefined);
    return lists.every((list) => Array.isArray(list)) ? { parts: names, items: (lists as T[][]).flat() } : undefined;
  };
  for (const id of ids) {
    const record = stored.get(id);
    const bases: BuildRecords['bases'] = {};
    let keys: string[] | null;
    if (record?.keys) {
      bases.keys = base<string>(record.keys.parts);
      keys = bases.keys ? [...sharedItems(keyList, bases.keys, record.keys), ...bases.keys.parts] : null;
    } else {
      const old = oldKeyParts.get(id);
      bases.keys = old ? base<string>(old) : undefined;
      keys = old
        ? bases.keys
          ? [...bases.keys.items, ...old]
          : null
        : parseKeyRecord(values.get(kvKeys.keys(id)) ?? null);
    }
    let deploy: DeployRecord | null = null;
    if (record?.assetList) {
      bases.assets = base<KeptAsset>(record.assetList.parts);
      // A part that is gone leaves its assets out: the deploy says which builds lack files.
      const assets = sharedItems(assetList, bases.assets ?? { parts: [], items: [] }, record.assetList);
      deploy = { ...(record.worker ? { worker: record.worker } : {}), assets, parts: record.assetList.parts };
    } else if (record?.assets) deploy = { ...(record.worker ? { worker: record.worker } : {}), assets: record.assets };
    records.set(id, { keys, deploy, bases });
  }
  return records;
}

const sharedItems = <T>(kind: ListKind<T>, base: ListBase<T>, list: SharedList<T>): T[] =>
  resolveList(kind, [base.items], list.add, list.remove);

/**
 * The new build's lists, shared with the live build's parts where it differs little, and the parts
 * to write before its record (those `present`, the keys KV holds, lacks).
 */
export function shareLists(
  keys: string[],
  assets: KeptAsset[],
  live: BuildRecords | undefined,
  present: Set<string>,
): { keys: SharedList<string>; assetList: SharedList<KeptAsset>; write: { key: string; value: string }[] } {
  const storedKeys = storeList(keyList, keys, live?.bases.keys);
  const storedAssets = storeList(assetList, assets, live?.bases.assets);
  const write = [...storedKeys.write, ...storedAssets.write].filter((part) => !present.has(part.key));
  return { keys: storedKeys.list, assetList: storedAssets.list, write };
}

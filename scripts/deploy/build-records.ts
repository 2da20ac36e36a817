// The records a deploy reads of each kept build: its content keys (`b:<id>:keys`, a list, or for a
// large build the parts that hold it) and its deploy record (`b:<id>:deploy`).

import { kvKeys } from '../../client/contract/storage.ts';
import type { DeployTarget } from './deploy-target.ts';
import { deployKeys, parseDeployRecord, type DeployRecord } from './kept-files.ts';
import { keyRecordParts, parseKeyRecord } from './upload-plan.ts';

export interface BuildRecords {
  /** Its content keys (`b:<id>:keys`); null when the record is missing or unreadable. */
  keys: string[] | null;
  /** Its assets and worker (`b:<id>:deploy`); null for a build deployed before deploys wrote one. */
  deploy: DeployRecord | null;
}

/** The records of the given builds, in one bulk read. */
export async function readBuildRecords(target: DeployTarget, ids: string[]): Promise<Map<string, BuildRecords>> {
  const records = new Map<string, BuildRecords>();
  if (ids.length === 0) return records;
  const values = await target.getKeys(ids.flatMap((id) => [kvKeys.keys(id), deployKeys.record(id)]));
  // A large build's key record names its parts: read them too (the parts are its keys as well).
  const partsOf = new Map(ids.map((id) => [id, keyRecordParts(values.get(kvKeys.keys(id)) ?? null)]));
  const partKeys = [...new Set([...partsOf.values()].flatMap((parts) => parts ?? []))];
  const partValues = new Map<string, string | null>();
  for (let at = 0; at < partKeys.length; at += 100)
    for (const [key, value] of await target.getKeys(partKeys.slice(at, at + 100))) partValues.set(key, value);
  for (const id of ids) {
    const parts = partsOf.get(id);
    const lists = parts?.map((part) => parseKeyRecord(partValues.get(part) ?? null));
    records.set(id, {
      keys: lists
        ? lists.every((list) => list !== null)
          ? [...lists.flat(), ...parts!]
          : null
        : parseKeyRecord(values.get(kvKeys.keys(id)) ?? null),
      deploy: parseDeployRecord(values.get(deployKeys.record(id))),
    });
  }
  return records;
}

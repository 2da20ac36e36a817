// The deploy sequence, the same for Cloudflare and for local state, under the deploy lock (lock.ts):
//   read build:history and the list of every key → upload the keys the live build does not already
//   have (content keys are named by their hash: see upload-plan.ts) and the build's hashed assets KV
//   lacks (kept-files.ts) → apply the D1 migrations → put the worker and assets live, with the
//   kept builds' hashed assets gathered from KV → write the build's deploy record, build:history,
//   then build:current → collect: the records of builds that fell out of the last five, and every
//   key no kept build uses that was already there when the history was read.
// Any step that fails stops the deploy before the pointer moves, so the live build stays live.

import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { contentKeyPrefixes, kvKeys } from '../../client/contract/storage.ts';
import { addKeptAssets } from './assets-archive.ts';
import {
  deployKeys,
  describeAssets,
  gatherKeptAssets,
  keptFilePrefixes,
  keysInUse,
  putInBulk,
  storeAssets,
  type DeployRecord,
} from './kept-files.ts';
import { inTempDir, uninterrupted } from '../cli/interrupt.ts';
import type { ProgressReporter } from '../cli/progress.ts';
import { withLock } from './lock.ts';
import type { DeployTarget } from './deploy-target.ts';
import { uploadParts, type UploadProgress } from './resumable-upload.ts';
import { parseKeyRecord } from './upload-plan.ts';
import {
  parseStoredRecord,
  readBuildRecords,
  shareLists,
  type BuildRecords,
  type StoredDeployRecord,
} from './build-records.ts';
import { planUploadLeavingChunks } from './static-chunks.ts';
import { DeployError } from './wrangler.ts';

export const keptBuilds = 5;

export type Log = (line: string) => void;

/**
 * The kept builds, newest first. Missing on a first deploy (or after deploys done by hand,
 * which wrote only build:current); a read that fails stops the deploy, since writing a history
 * without it would forget every build a rollback could return to.
 */
export async function readHistory(target: DeployTarget): Promise<string[]> {
  const history = await target.getKey(kvKeys.history);
  if (history === null) {
    const current = await target.getKey(kvKeys.current);
    return current ? [current.trim()] : [];
  }
  try {
    const ids: unknown = JSON.parse(history);
    if (Array.isArray(ids) && ids.every((id) => typeof id === 'string')) return ids;
  } catch {
    // Reported below.
  }
  throw new DeployError(
    `read ${kvKeys.history}`,
    `it holds ${JSON.stringify(history.slice(0, 200))}, not a JSON list of build ids; ` +
      `put the ids of the kept builds there (newest first) with \`wrangler kv key put ${kvKeys.history} '["<id>"]'\``,
  );
}

/** Deploys the build in `outDir` (as written by runBuild), under the deploy lock. */
export function deployBuild(
  target: DeployTarget,
  outDir: string,
  log: Log = console.log,
  progress?: ProgressReporter,
): Promise<{ buildId: string; history: string[] }> {
  return withLock(target, () => deployLocked(target, outDir, log, progress));
}

/**
 * The deploy itself, for a caller that already holds the lock (`npm run deploy` holds it while it
 * builds). `progress` is told the keys uploaded (those a cut-off deploy sent count at once), then
 * the steps after.
 */
export async function deployLocked(
  target: DeployTarget,
  outDir: string,
  log: Log = console.log,
  progress?: ProgressReporter,
): Promise<{ buildId: string; history: string[] }> {
  const previous = await readHistory(target);
  // What KV held when the history was read: the collection deletes nothing written after this.
  const snapshot = new Set(await target.listKeys(''));
  const buildId = (await readFile(join(outDir, 'kv', 'build-id'), 'utf8')).trim();
  const history = [buildId, ...previous.filter((id) => id !== buildId)];
  const kept = history.slice(0, keptBuilds);
  const records = await readBuildRecords(
    target,
    kept.filter((id) => id !== buildId),
  );

  const live = previous[0];
  const present = new Set((live && records.get(live)?.keys) || []);
  // The deploy records the build's content keys itself (in its deploy record, sharing the live
  // build's parts): the key record and its parts the build wrote are not sent.
  const keyPart = kvKeys.keysPart('');
  const buildKeys = (parseKeyRecord(await readFile(join(outDir, 'kv', 'keys.json'), 'utf8')) ?? []).filter(
    (key) => !key.startsWith(keyPart),
  );
  // Record chunks KV lacks stay static files, named in the manifest: they are not in KV, so not in its key list.
  const { plan, ownKeys } = await planUploadLeavingChunks(
    outDir,
    buildId,
    buildKeys,
    snapshot,
    present,
    (key) => key === kvKeys.keys(buildId) || key.startsWith(keyPart),
  );
  progress?.phase('upload keys', plan.sent, 'keys');
  let resumed: number;
  try {
    let counted = 0;
    const onPart: UploadProgress = (done, total) => {
      if (progress) {
        progress.tick(done - counted);
        counted = done;
        // Without a progress line of its own, a many-part upload (a first deploy) says how far it is.
      } else if (done > 0 && done < total) log(`uploaded ${done} of ${total} keys of build ${buildId}`);
    };
    resumed = await uploadParts(target, buildId, live, plan, onPart);
  } finally {
    await rm(plan.dir, { recursive: true, force: true });
  }
  log(
    `uploaded ${plan.sent} keys of build ${buildId} to ${target.label}` +
      (plan.skipped ? ` (${plan.skipped} unchanged, already there for build ${live})` : '') +
      (resumed ? ` (the first ${resumed} of ${plan.files.length} parts by a deploy that was cut off)` : ''),
  );
  progress?.phase('assets, migrations, worker, pointer');
  const clientDir = join(outDir, 'client');
  const assets = await describeAssets(clientDir);
  const keptRecords = [...records.values()].flatMap((record) => (record.deploy ? [record.deploy] : []));
  const stored = await storeAssets(target, clientDir, assets, snapshot, keptRecords);
  log(`kept the build's ${assets.length} hashed assets in KV (${stored} new)`);

  // Tables first: the new worker may write to them as soon as it is live.
  await target.migrate();
  log(`applied the analytics migrations on ${target.label}`);

  const deployed = new Map(
    [...records].flatMap(([id, record]) => (record.deploy ? [[id, record.deploy] as const] : [])),
  );
  const gathered = await gatherKeptAssets(target, clientDir, deployed);
  for (const id of gathered.missing) log(`warning: some hashed assets of kept build ${id} are no longer in KV`);
  // Builds deployed before their assets were kept in KV: this machine's archive may still have them.
  const unrecorded = [...records.keys()].filter((id) => !deployed.has(id));
  if (unrecorded.length > 0) {
    await addKeptAssets(target.archiveDir, clientDir, unrecorded);
    log(
      `kept builds ${unrecorded.join(', ')} have no deploy record: their hashed assets come from ${target.archiveDir} if at all`,
    );
  }
  const worker = await target.publish(clientDir, snapshot);
  log(
    `published the worker${worker ? ` (version ${worker})` : ''} and assets ` +
      `(with the hashed files of builds ${kept.join(', ')}, ${gathered.files} of them from KV)`,
  );

  const lists = shareLists(ownKeys, assets, live === undefined ? undefined : records.get(live), snapshot);
  await putInBulk(target, "store the parts of the build's lists of keys and assets", lists.write);
  const record: DeployRecord = { ...(worker ? { worker } : {}), assets, parts: lists.assetList.parts };
  const storedRecord: StoredDeployRecord = {
    ...(worker ? { worker } : {}),
    assetList: lists.assetList,
    keys: lists.keys,
  };
  await writePointer(target, buildId, kept, storedRecord);
  log(`live: build ${buildId} (kept: ${kept.join(', ')})`);
  progress?.phase('collect unused keys');

  for (const old of history.slice(keptBuilds)) {
    try {
      await deleteBuild(target, old, log);
    } catch (error) {
      if (!(error instanceof DeployError)) throw error;
      throw new DeployError(
        error.step,
        `${error.detail}\nbuild ${buildId} is live; the keys b:${old}:* are left over: ` +
          `delete them with \`wrangler kv bulk delete\` (list them with \`wrangler kv key list --prefix b:${old}:\`)`,
        true,
      );
    }
  }
  await collect(target, [...ownKeys, ...lists.keys.parts], buildId, kept, records, record, snapshot, log);
  progress?.end();
  return { buildId, history: kept };
}

/**
 * Deletes every content key and kept file no kept build uses: those of builds that left the
 * history, and any left by an upload that never went live. Only keys that were there when this
 * deploy read the history go: a key written since is another deploy's (one that took over a lock
 * that ran out), and so is everything when the history no longer starts with this build. A kept
 * build whose key record cannot be read stops the collection (nothing is deleted), since its keys
 * cannot be told apart.
 */
async function collect(
  target: DeployTarget,
  ownKeys: string[],
  buildId: string,
  kept: string[],
  records: Map<string, BuildRecords>,
  own: DeployRecord,
  snapshot: Set<string>,
  log: Log,
): Promise<void> {
  const now = await readHistory(target);
  if (now[0] !== buildId) {
    log(`build:history now starts with ${now[0]}, not ${buildId}: another deploy ran meanwhile; nothing is collected`);
    return;
  }
  const used = new Set(ownKeys);
  for (const id of kept) {
    if (id === buildId) continue;
    const keys = records.get(id)?.keys;
    if (!keys) {
      log(`kept build ${id} has no key record (${kvKeys.keys(id)}): content keys are not collected this time`);
      return;
    }
    for (const key of keys) used.add(key);
  }
  const deployRecords = [own, ...[...records.values()].flatMap((record) => (record.deploy ? [record.deploy] : []))];
  for (const key of keysInUse(deployRecords)) used.add(key);
  const prefixes = [...contentKeyPrefixes, ...keptFilePrefixes];
  const unused = [...snapshot].filter((key) => prefixes.some((prefix) => key.startsWith(prefix)) && !used.has(key));
  if (unused.length === 0) return;
  await withTempFile('collect.json', unused, (file) => target.deleteKeys(file));
  log(`deleted ${unused.length} keys no kept build uses`);
}

/**
 * Moves build:current to a kept build, then brings back the worker version that served it (when
 * its deploy recorded one). The pointer goes first: until the worker moves, the newer worker
 * renders the older build, whose hashed assets its upload carried; the other way round, the older
 * worker would render the newer build with an asset set that lacks its files.
 */
export function rollBack(target: DeployTarget, buildId: string, log: Log = console.log): Promise<string[]> {
  return withLock(target, async () => {
    const previous = await readHistory(target);
    if (!previous.includes(buildId)) {
      throw new DeployError(
        `roll back to ${buildId}`,
        `it is not a kept build; kept: ${previous.join(', ') || '(none: nothing has been deployed)'}`,
      );
    }
    const record = parseStoredRecord(await target.getKey(deployKeys.record(buildId)));
    const history = [buildId, ...previous.filter((id) => id !== buildId)];
    await writePointer(target, buildId, history);
    log(`live: build ${buildId} (rolled back; kept: ${history.join(', ')})`);
    if (!record?.worker) {
      log(`build ${buildId} was deployed before deploys recorded their worker: the worker stays as it is`);
      return history;
    }
    try {
      await target.restoreWorker(record.worker);
    } catch (error) {
      if (!(error instanceof DeployError)) throw error;
      throw new DeployError(
        error.step,
        `${error.detail}\nbuild ${buildId} is live, served by the newer worker; run the rollback again to bring back its worker (${record.worker})`,
        true,
      );
    }
    log(`worker: version ${record.worker}, the one build ${buildId} went live with`);
    return history;
  });
}

/**
 * The build's deploy record, build:history, then build:current, in one bulk write. build:history
 * stays a plain list of ids: every worker version a rollback can bring back reads it so.
 */
async function writePointer(
  target: DeployTarget,
  buildId: string,
  history: string[],
  record?: StoredDeployRecord,
): Promise<void> {
  // Its keys are written together: a stop signal meanwhile takes effect once they are (interrupt.ts).
  await uninterrupted(() =>
    withTempFile(
      'pointer.json',
      [
        ...(record ? [{ key: deployKeys.record(buildId), value: JSON.stringify(record) }] : []),
        { key: kvKeys.history, value: JSON.stringify(history) },
        { key: kvKeys.current, value: buildId },
      ],
      (file) => target.putKeys(`point ${kvKeys.current} at ${buildId}`, file),
    ),
  );
}

async function deleteBuild(target: DeployTarget, buildId: string, log: Log): Promise<void> {
  const keys = await target.listKeys(`b:${buildId}:`);
  if (keys.length > 0) await withTempFile(`delete-${buildId}.json`, keys, (file) => target.deleteKeys(file));
  log(`deleted build ${buildId} (${keys.length} keys): it fell out of the last ${keptBuilds}`);
}

async function withTempFile(name: string, content: unknown, send: (file: string) => Promise<void>): Promise<void> {
  await inTempDir('self-docs-deploy-', async (dir) => {
    const file = join(dir, name);
    await writeFile(file, JSON.stringify(content));
    await send(file);
  });
}

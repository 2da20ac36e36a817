// The deploy sequence, the same for Cloudflare and for local state:
//   read build:history → upload the keys the live build does not already have (content keys are
//   named by their hash: see upload-plan.ts) → apply the D1 migrations → put the worker and assets
//   live (with the kept builds' hashed assets) → write build:history, then build:current →
//   collect: the records of builds that fell out of the last five, and every content key no kept
//   build uses.
// Any step that fails stops the deploy before the pointer moves, so the live build stays live.

import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { contentKeyPrefixes } from '../../client/contract/storage.ts';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { kvKeys } from '../../client/contract/storage.ts';
import { addKeptAssets, archiveAssets, ownAssets } from './assets-archive.ts';
import type { DeployTarget } from './target.ts';
import { parseKeyRecord, planUpload } from './upload-plan.ts';
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

/** Deploys the build in `outDir` (as written by runBuild) on top of the `previous` history. */
export async function deployBuild(
  target: DeployTarget,
  outDir: string,
  previous: string[],
  log: Log = console.log,
): Promise<{ buildId: string; history: string[] }> {
  const buildId = (await readFile(join(outDir, 'kv', 'build-id'), 'utf8')).trim();
  const history = [buildId, ...previous.filter((id) => id !== buildId)];
  const kept = history.slice(0, keptBuilds);

  const live = previous[0];
  const present = new Set(live ? ((await readKeyRecord(target, live)) ?? []) : []);
  const plan = await planUpload(outDir, present);
  try {
    for (const [index, file] of plan.files.entries())
      await target.putKeys(`upload build ${buildId} (part ${index + 1} of ${plan.files.length})`, file);
  } finally {
    await rm(plan.dir, { recursive: true, force: true });
  }
  log(
    `uploaded ${plan.sent} keys of build ${buildId} to ${target.label}` +
      (plan.skipped ? ` (${plan.skipped} unchanged, already there for build ${live})` : ''),
  );

  // Tables first: the new worker may write to them as soon as it is live.
  await target.migrate();
  log(`applied the analytics migrations on ${target.label}`);

  const clientDir = join(outDir, 'client');
  const files = await ownAssets(clientDir);
  await addKeptAssets(target.archiveDir, clientDir, kept);
  await target.publish(clientDir);
  log(`published the worker and assets (with the hashed files of builds ${kept.join(', ')})`);

  await writePointer(target, buildId, kept);
  log(`live: build ${buildId} (kept: ${kept.join(', ')})`);
  await archiveAssets(target.archiveDir, clientDir, { id: buildId, files }, kept);

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
  await collectContent(target, outDir, buildId, kept, log);
  return { buildId, history: kept };
}

/**
 * The content keys of a deployed build, from its `b:<id>:keys` record. A build's record never
 * changes, so a copy is kept beside the assets archive and KV is read once per build.
 */
async function readKeyRecord(target: DeployTarget, buildId: string): Promise<string[] | null> {
  const copy = keyRecordCopy(target, buildId);
  if (existsSync(copy)) return parseKeyRecord(await readFile(copy, 'utf8'));
  const text = await target.getKey(kvKeys.keys(buildId));
  const keys = parseKeyRecord(text);
  if (keys) await saveKeyRecord(target, buildId, text!);
  return keys;
}

function keyRecordCopy(target: DeployTarget, buildId: string): string {
  return join(target.archiveDir, 'keys', `${buildId}.json`);
}

async function saveKeyRecord(target: DeployTarget, buildId: string, text: string): Promise<void> {
  await mkdir(join(target.archiveDir, 'keys'), { recursive: true });
  await writeFile(keyRecordCopy(target, buildId), text);
}

/**
 * Deletes every content key no kept build uses: those of builds that left the history, and any
 * left by an upload that never went live. A kept build whose key record cannot be read stops the
 * collection (nothing is deleted), since its keys cannot be told apart.
 */
async function collectContent(
  target: DeployTarget,
  outDir: string,
  buildId: string,
  kept: string[],
  log: Log,
): Promise<void> {
  const own = await readFile(join(outDir, 'kv', 'keys.json'), 'utf8');
  await saveKeyRecord(target, buildId, own);
  const used = new Set(parseKeyRecord(own) ?? []);
  for (const id of kept) {
    if (id === buildId) continue;
    const keys = await readKeyRecord(target, id);
    if (!keys) {
      log(`kept build ${id} has no key record (${kvKeys.keys(id)}): content keys are not collected this time`);
      return;
    }
    for (const key of keys) used.add(key);
  }
  // Copies of the records of builds that left the history go with them.
  for (const name of await readdir(join(target.archiveDir, 'keys'))) {
    if (!kept.includes(name.replace(/\.json$/, ''))) await rm(join(target.archiveDir, 'keys', name), { force: true });
  }
  const unused = (await target.listKeys('')).filter(
    (key) => contentKeyPrefixes.some((prefix) => key.startsWith(prefix)) && !used.has(key),
  );
  if (unused.length === 0) return;
  await withTempFile('collect.json', unused, (file) => target.deleteKeys(file));
  log(`deleted ${unused.length} content keys no kept build uses`);
}

/** Moves build:current to a kept build; nothing else changes. */
export async function rollBack(target: DeployTarget, buildId: string, log: Log = console.log): Promise<string[]> {
  const previous = await readHistory(target);
  if (!previous.includes(buildId)) {
    throw new DeployError(
      `roll back to ${buildId}`,
      `it is not a kept build; kept: ${previous.join(', ') || '(none: nothing has been deployed)'}`,
    );
  }
  const history = [buildId, ...previous.filter((id) => id !== buildId)];
  await writePointer(target, buildId, history);
  log(`live: build ${buildId} (rolled back; kept: ${history.join(', ')})`);
  return history;
}

/** build:history first, build:current last, in one bulk write. */
async function writePointer(target: DeployTarget, buildId: string, history: string[]): Promise<void> {
  await withTempFile(
    'pointer.json',
    [
      { key: kvKeys.history, value: JSON.stringify(history) },
      { key: kvKeys.current, value: buildId },
    ],
    (file) => target.putKeys(`point ${kvKeys.current} at ${buildId}`, file),
  );
}

async function deleteBuild(target: DeployTarget, buildId: string, log: Log): Promise<void> {
  const keys = await target.listKeys(`b:${buildId}:`);
  if (keys.length > 0) await withTempFile(`delete-${buildId}.json`, keys, (file) => target.deleteKeys(file));
  log(`deleted build ${buildId} (${keys.length} keys): it fell out of the last ${keptBuilds}`);
}

async function withTempFile(name: string, content: unknown, send: (file: string) => Promise<void>): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'self-docs-deploy-'));
  try {
    const file = join(dir, name);
    await writeFile(file, JSON.stringify(content));
    await send(file);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

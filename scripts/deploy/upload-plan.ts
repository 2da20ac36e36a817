// Which of a build's KV entries a deploy sends. Content keys are named by the hash of what they
// hold, so a key the live build already has holds the same bytes: it is skipped. A build changed
// in one page sends that page, its Markdown, its route bucket and the build's own records.

import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { removeOnExit } from '../cli/interrupt.ts';
import { contentKeyPrefixes } from '../../client/contract/storage.ts';
import { kvBulkFiles, type KvEntry } from '../compiler/outputs/kv-writer.ts';

export interface UploadPlan {
  /** Bulk files of the entries to send (in a temporary folder the caller removes). */
  files: string[];
  /** The keys in each file. */
  counts: number[];
  dir: string;
  sent: number;
  skipped: number;
}

export function isContentKey(key: unknown): boolean {
  return typeof key === 'string' && contentKeyPrefixes.some((prefix) => key.startsWith(prefix));
}

/** Entries a bulk file of the plan holds at most: `wrangler kv bulk put` takes 10,000 pairs and 100 MB a request. */
const filePairs = 5000;
const fileBytes = 40 * 1024 * 1024;

/**
 * The entries of the build in `outDir` that `present` (keys already in KV) does not hold, in as few
 * bulk files as the limits allow: a redeploy's few changed keys are one part, however many of the
 * build's files they come from.
 */
export async function planUpload(
  outDir: string,
  present: Set<string>,
  /** Entries of the build the deploy does not send (it stores what they hold otherwise). */
  leave: (key: string, value: string) => boolean = () => false,
  /** Values sent instead of the build's, by key (the manifest as the deploy amends it). */
  replace: ReadonlyMap<string, string> = new Map(),
): Promise<UploadPlan> {
  const dir = await mkdtemp(join(tmpdir(), 'self-docs-upload-'));
  // Removed by the deploy once sent (steps.ts), or at exit if it stops first: a first deploy's plan is the whole build.
  removeOnExit(dir);
  const plan: UploadPlan = { files: [], counts: [], dir, sent: 0, skipped: 0 };
  let pending: KvEntry[] = [];
  let pendingBytes = 0;
  const flush = async () => {
    if (pending.length === 0) return;
    const out = join(dir, `upload-${String(plan.files.length).padStart(3, '0')}.json`);
    await writeFile(out, JSON.stringify(pending));
    plan.files.push(out);
    plan.counts.push(pending.length);
    plan.sent += pending.length;
    pending = [];
    pendingBytes = 0;
  };
  for (const file of await kvBulkFiles(outDir)) {
    const entries = JSON.parse(await readFile(file, 'utf8')) as KvEntry[];
    for (const entry of entries) {
      if (typeof entry?.key === 'string' && leave(entry.key, entry.value)) continue;
      if (typeof entry?.key === 'string' && replace.has(entry.key)) entry.value = replace.get(entry.key)!;
      if (isContentKey(entry?.key) && present.has(entry.key)) {
        plan.skipped++;
        continue;
      }
      // An entry of the wrong shape is sent as it is: the upload names it (local-state.ts, wrangler).
      const bytes = String(entry?.key).length + String(entry?.value).length;
      if (pending.length >= filePairs || pendingBytes + bytes > fileBytes) await flush();
      pending.push(entry);
      pendingBytes += bytes;
    }
  }
  await flush();
  return plan;
}

/** The content keys a build uses, from its `b:<id>:keys` record (null: no such record). */
export function parseKeyRecord(text: string | null): string[] | null {
  if (text === null) return null;
  try {
    const keys: unknown = JSON.parse(text);
    if (Array.isArray(keys) && keys.every((key) => typeof key === 'string')) return keys;
  } catch {
    // An unreadable record protects nothing and is reported as absent.
  }
  return null;
}

/** The parts a large build's `b:<id>:keys` record names (`{ "parts": [...] }`); null for a plain list or none. */
export function keyRecordParts(text: string | null): string[] | null {
  if (text === null) return null;
  try {
    const record = JSON.parse(text) as { parts?: unknown };
    const parts = record && !Array.isArray(record) ? record.parts : undefined;
    if (Array.isArray(parts) && parts.every((part) => typeof part === 'string')) return parts;
  } catch {
    // Not a record of parts.
  }
  return null;
}

// Which of a build's KV entries a deploy sends. Content keys are named by the hash of what they
// hold, so a key the live build already has holds the same bytes: it is skipped. A build changed
// in one page sends that page, its Markdown, its route bucket and the build's own records.

import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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

/** The entries of the build in `outDir` that `present` (keys already in KV) does not hold. */
export async function planUpload(outDir: string, present: Set<string>): Promise<UploadPlan> {
  const dir = await mkdtemp(join(tmpdir(), 'self-docs-upload-'));
  const plan: UploadPlan = { files: [], counts: [], dir, sent: 0, skipped: 0 };
  for (const file of await kvBulkFiles(outDir)) {
    const entries = JSON.parse(await readFile(file, 'utf8')) as KvEntry[];
    const wanted = entries.filter((entry) => !(isContentKey(entry.key) && present.has(entry.key)));
    plan.skipped += entries.length - wanted.length;
    if (wanted.length === 0) continue;
    const out = join(dir, `upload-${String(plan.files.length).padStart(3, '0')}.json`);
    await writeFile(out, JSON.stringify(wanted));
    plan.files.push(out);
    plan.counts.push(wanted.length);
    plan.sent += wanted.length;
  }
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

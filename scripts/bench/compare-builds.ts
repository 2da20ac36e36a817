// `npx tsx scripts/bench/compare-builds.ts <out A> <out B>`: whether two build output folders (`--out`)
// hold the same site, for a change that must not change the output (a faster build): the same
// files with the same bytes, and the same KV keys with the same values, except the manifest's
// `builtAt`. The bulk files list their entries as pages finish and `search/records.json` its
// records likewise, so those two are compared as sets. Exits 1 on a difference, naming it.

import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

const [a, b] = process.argv.slice(2);
if (!a || !b) {
  console.error('usage: npx tsx scripts/bench/compare-builds.ts <out A> <out B>');
  process.exit(2);
}

const bulkFile = /^kv\/bulk-\d+\.json$/;
const differences: string[] = [];

function filesOf(root: string): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else files.push(relative(root, path));
    }
  };
  walk(root);
  return files.sort();
}

function kvOf(root: string, files: string[]): Map<string, string> {
  const values = new Map<string, string>();
  for (const file of files.filter((name) => bulkFile.test(name))) {
    const entries = JSON.parse(readFileSync(join(root, file), 'utf8')) as { key: string; value: string }[];
    for (const { key, value } of entries) values.set(key, value);
  }
  return values;
}

const sortedRecords = (file: string) =>
  (JSON.parse(readFileSync(file, 'utf8')) as unknown[])
    .map((record) => JSON.stringify(record))
    .sort()
    .join('\n');

/** Two values alike but for `builtAt` (the manifest's). */
function alikeButBuiltAt(x: string, y: string): boolean {
  try {
    const [first, second] = [JSON.parse(x), JSON.parse(y)] as Record<string, unknown>[];
    if (!first || !second || !('builtAt' in first) || !('builtAt' in second)) return false;
    delete first.builtAt;
    delete second.builtAt;
    return JSON.stringify(first) === JSON.stringify(second);
  } catch {
    return false;
  }
}

const [filesA, filesB] = [filesOf(a), filesOf(b)];
const inB = new Set(filesB);
const inA = new Set(filesA);
for (const file of filesA) if (!inB.has(file)) differences.push(`only in A: ${file}`);
for (const file of filesB) if (!inA.has(file)) differences.push(`only in B: ${file}`);
let sameFiles = 0;
for (const file of filesA) {
  if (!inB.has(file) || bulkFile.test(file)) continue;
  const same =
    readFileSync(join(a, file)).equals(readFileSync(join(b, file))) ||
    (file === 'search/records.json' && sortedRecords(join(a, file)) === sortedRecords(join(b, file)));
  if (same) sameFiles++;
  else differences.push(`differs: ${file}`);
}
const [kvA, kvB] = [kvOf(a, filesA), kvOf(b, filesB)];
let builtAtOnly = 0;
for (const [key, value] of kvA) {
  const other = kvB.get(key);
  if (other === undefined) differences.push(`KV key only in A: ${key}`);
  else if (value === other) continue;
  else if (alikeButBuiltAt(value, other)) builtAtOnly++;
  else differences.push(`KV value differs: ${key}`);
}
for (const key of kvB.keys()) if (!kvA.has(key)) differences.push(`KV key only in B: ${key}`);

for (const difference of differences.slice(0, 50)) console.log(difference);
console.log(
  `${filesA.length} files, ${sameFiles} of them alike besides the KV bulk files; ${kvA.size} KV keys, ` +
    `${builtAtOnly} differing only in builtAt; ${differences.length} differences`,
);
process.exit(differences.length > 0 ? 1 : 0);

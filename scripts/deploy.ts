// `npm run deploy`: build, upload the build's keys to KV, flip `build:current` (last), deploy
// the worker and its assets. `npm run deploy -- --rollback <build id>` only moves the pointer.
// Needs a Cloudflare account (CLOUDFLARE_API_TOKEN, CLOUDFLARE_ACCOUNT_ID) and the real KV id
// in wrangler.toml.

import { execFileSync } from 'node:child_process';
import { cp, mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { kvKeys } from '../client/model.ts';
import { parseArgs } from './args.ts';
import { runBuild } from './build/pipeline.ts';
import { offlineEnv, run } from './run.ts';

const keptBuilds = 5;
const argv = process.argv.slice(2);
const args = parseArgs(argv);
const rollbackIndex = argv.indexOf('--rollback');

function remoteGet(key: string): string | null {
  try {
    return execFileSync('npx', ['wrangler', 'kv', 'key', 'get', key, '--binding', 'CONTENT', '--remote'], {
      env: offlineEnv,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch {
    return null;
  }
}

async function putPointer(buildId: string, history: string[]): Promise<void> {
  const file = join(args.out, 'kv', 'pointer.json');
  await writeFile(
    file,
    JSON.stringify([
      { key: kvKeys.history, value: JSON.stringify(history) },
      { key: kvKeys.current, value: buildId },
    ]),
  );
  await run('npx', ['wrangler', 'kv', 'bulk', 'put', '--binding', 'CONTENT', '--remote', file]);
}

const previous: string[] = JSON.parse(remoteGet(kvKeys.history) || '[]');

if (rollbackIndex !== -1) {
  const target = argv[rollbackIndex + 1];
  if (!target || !previous.includes(target)) {
    console.error(`--rollback needs one of the kept builds: ${previous.join(', ') || '(none found)'}`);
    process.exit(2);
  }
  await putPointer(target, [target, ...previous.filter((id) => id !== target)]);
  console.log(`build:current → ${target}`);
  process.exit(0);
}

const result = await runBuild({ siteDir: args.content, outDir: args.out });
console.log(`built ${result.pages.length} pages as ${result.buildId}`);
await run('npx', [
  'wrangler',
  'kv',
  'bulk',
  'put',
  '--binding',
  'CONTENT',
  '--remote',
  join(args.out, 'kv', 'build.json'),
]);
// Hashed files of earlier builds ride along, so pages of a kept build (rollback, or HTML
// rendered just before the flip) still find their scripts and styles.
const archive = '.deploy-assets';
await mkdir(archive, { recursive: true });
await cp(archive, join(args.out, 'client', 'assets'), { recursive: true, force: false });
// Assets first, so the new pages' hashed files exist before the pointer names them.
await run('npx', ['wrangler', 'deploy', '--assets', join(args.out, 'client')]);
await cp(join(args.out, 'client', 'assets'), archive, { recursive: true });
const history = [result.buildId, ...previous.filter((id) => id !== result.buildId)];
await putPointer(result.buildId, history.slice(0, keptBuilds));

// Builds that fell out of the history are deleted.
for (const old of history.slice(keptBuilds)) {
  const keys = JSON.parse(
    execFileSync(
      'npx',
      ['wrangler', 'kv', 'key', 'list', '--binding', 'CONTENT', '--remote', '--prefix', `b:${old}:`],
      { env: offlineEnv, encoding: 'utf8' },
    ),
  ) as { name: string }[];
  const file = join(args.out, 'kv', `delete-${old}.json`);
  await writeFile(file, JSON.stringify(keys.map((key) => key.name)));
  await run('npx', ['wrangler', 'kv', 'bulk', 'delete', '--binding', 'CONTENT', '--remote', '--force', file]);
}
console.log(`live: build ${result.buildId} (kept: ${history.slice(0, keptBuilds).join(', ')})`);

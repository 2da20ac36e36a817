// `npm run search:push [-- --dry-run] [-- --out DIR]`: upload dist/search/records.json to a real
// Algolia index (every record replaced, as replaceAllObjects does) with DocSearch's index settings.
// Needs ALGOLIA_APP_ID, ALGOLIA_ADMIN_API_KEY and ALGOLIA_INDEX_NAME (unless --dry-run);
// ALGOLIA_HOSTS replaces Algolia's hosts (tests). The records are streamed from the file, a batch at
// a time: a large site's file is larger than a string can be.

import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { algoliasearch } from 'algoliasearch';
import type { SearchRecord } from '../client/contract/search-protocol.ts';
import { parseHosts } from '../worker/services/search/upstream.ts';
import { parseArgs, sharedUsage } from './cli/args.ts';
import { recordBatches, RecordsFileError } from './search-push/records-file.ts';
import { recordsPerBatch, replaceIndexRecords } from './search-push/replace-index.ts';
import { docSearchSettings } from './search-push/settings.ts';

const argv = process.argv.slice(2);
const dryRun = argv.includes('--dry-run');
const args = parseArgs(argv, {
  usage: `npm run search:push [-- options]: uploads the build's search records to Algolia\n\n${sharedUsage}\n  --dry-run       say what would be uploaded, without Algolia`,
  switches: ['--dry-run'],
});
const file = join(args.out, 'search', 'records.json');
if (!existsSync(file)) {
  console.error(`No records at ${file}: run \`npm run build\` first.`);
  process.exit(2);
}

const {
  ALGOLIA_APP_ID: appId,
  ALGOLIA_ADMIN_API_KEY: adminKey,
  ALGOLIA_INDEX_NAME: indexName = 'self',
  ALGOLIA_HOSTS: hosts,
} = process.env;

async function main(): Promise<number> {
  try {
    if (dryRun) {
      let count = 0;
      let first: SearchRecord | undefined;
      for await (const batch of recordBatches(file, recordsPerBatch)) {
        first ??= batch[0];
        count += batch.length;
      }
      console.log(
        `dry run: would replace every object of index "${indexName}"${appId ? ` in app ${appId}` : ''} with ${count} records from ${file}`,
      );
      console.log('settings:', JSON.stringify(docSearchSettings, null, 2));
      console.log('first record:', JSON.stringify(first ?? null, null, 2));
      return 0;
    }
    if (!appId || !adminKey) {
      console.error(
        'Set ALGOLIA_APP_ID and ALGOLIA_ADMIN_API_KEY (and ALGOLIA_INDEX_NAME, default "self") to push, or pass --dry-run to see what would be sent.',
      );
      return 2;
    }
    const client = algoliasearch(appId, adminKey, hosts ? { hosts: parseHosts(hosts, 'readWrite') } : undefined);
    let told = 0;
    const pushed = await replaceIndexRecords(client, {
      indexName,
      batches: recordBatches(file, recordsPerBatch),
      settings: docSearchSettings,
      onProgress: (sent) => {
        // A line every 100,000 records: a large site's push takes minutes.
        if (sent - told >= 100_000) console.log(`sent ${(told = sent)} records`);
      },
    });
    console.log(`pushed ${pushed} records and the DocSearch settings to index "${indexName}"`);
    return 0;
  } catch (error) {
    if (error instanceof RecordsFileError) {
      console.error(`${error.message}\nRun \`npm run build\` again to write the records file whole.`);
      return 2;
    }
    console.error(
      `search:push failed: ${error instanceof Error ? error.message : String(error)}\n` +
        `The index "${indexName}" is as it was: it is replaced only once every record is in.`,
    );
    return 1;
  }
}

process.exit(await main());

// `npm run search:push [-- --dry-run] [-- --out DIR]`: upload dist/search/records.json to a real
// Algolia index (replaceAllObjects) with DocSearch's index settings.
// Needs ALGOLIA_APP_ID, ALGOLIA_ADMIN_API_KEY and ALGOLIA_INDEX_NAME (unless --dry-run).

import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { algoliasearch } from 'algoliasearch';
import type { SearchRecord } from '../client/contract/search-protocol.ts';
import { parseArgs, sharedUsage } from './cli/args.ts';

/** The settings DocSearch's crawler gives a docs index, trimmed to the fields our records have. */
export const docSearchSettings = {
  searchableAttributes: [
    'unordered(hierarchy.lvl0)',
    'unordered(hierarchy.lvl1)',
    'unordered(hierarchy.lvl2)',
    'unordered(hierarchy.lvl3)',
    'unordered(hierarchy.lvl4)',
    'unordered(hierarchy.lvl5)',
    'unordered(hierarchy.lvl6)',
    'content',
  ],
  attributesForFaceting: ['type', 'language', 'docusaurus_tag'],
  attributesToRetrieve: ['hierarchy', 'content', 'anchor', 'url', 'url_without_anchor', 'type'],
  attributesToHighlight: ['hierarchy', 'content'],
  attributesToSnippet: ['content:10'],
  camelCaseAttributes: ['hierarchy', 'content'],
  ranking: ['words', 'filters', 'typo', 'attribute', 'proximity', 'exact', 'custom'],
  customRanking: ['desc(weight.pageRank)', 'desc(weight.level)', 'asc(weight.position)'],
  minWordSizefor1Typo: 4,
  minWordSizefor2Typos: 8,
  allowTyposOnNumericTokens: false,
  ignorePlurals: true,
  advancedSyntax: true,
  removeWordsIfNoResults: 'allOptional',
  separatorsToIndex: '_',
  highlightPreTag: '<mark>',
  highlightPostTag: '</mark>',
} as const;

const argv = process.argv.slice(2);
const dryRun = argv.includes('--dry-run');
const args = parseArgs(argv, {
  usage: `npm run search:push [-- options]: uploads the build's search records to Algolia\n\n${sharedUsage}\n  --dry-run       say what would be uploaded, without Algolia`,
  switches: ['--dry-run'],
});
const file = join(args.out, 'search', 'records.json');

let records: SearchRecord[];
try {
  records = JSON.parse(await readFile(file, 'utf8')) as SearchRecord[];
} catch {
  console.error(`No records at ${file}: run \`npm run build\` first.`);
  process.exit(2);
}

const { ALGOLIA_APP_ID: appId, ALGOLIA_ADMIN_API_KEY: adminKey, ALGOLIA_INDEX_NAME: indexName = 'self' } = process.env;

if (dryRun) {
  console.log(
    `dry run: would replace every object of index "${indexName}"${appId ? ` in app ${appId}` : ''} with ${records.length} records from ${file}`,
  );
  console.log('settings:', JSON.stringify(docSearchSettings, null, 2));
  console.log('first record:', JSON.stringify(records[0], null, 2));
  process.exit(0);
}

if (!appId || !adminKey) {
  console.error(
    'Set ALGOLIA_APP_ID and ALGOLIA_ADMIN_API_KEY (and ALGOLIA_INDEX_NAME, default "self") to push, or pass --dry-run to see what would be sent.',
  );
  process.exit(2);
}

const client = algoliasearch(appId, adminKey);
const objects = records.map((record) => ({ ...record }) as Record<string, unknown> & { objectID: string });
await client.replaceAllObjects({ indexName, objects, batchSize: 1000 });
await client.setSettings({ indexName, indexSettings: docSearchSettings as never });
console.log(`pushed ${records.length} records and the DocSearch settings to index "${indexName}"`);

// `tsx tests/support/fixture-build.ts <site> <out>`: builds a fixture site as `npm start` builds it
// (drafts shown, broken pages tolerated, the search index in KV), for the browser tests that serve
// it with the deploy bundle (built-site.ts). Prints the build's error and exits 1 when it fails.

import { buildFailureMessage } from '../../scripts/compiler/errors.ts';
import { runBuild } from '../../scripts/compiler/pipeline.ts';

const [siteDir, outDir] = process.argv.slice(2);
if (!siteDir || !outDir) {
  console.error('usage: tsx tests/support/fixture-build.ts <site folder> <out folder>');
  process.exit(2);
}
try {
  const result = await runBuild({
    siteDir,
    outDir,
    tolerateBrokenPages: true,
    development: true,
    searchInKv: true,
  });
  if (result.broken.length > 0) console.error(`${result.broken.length} broken pages`);
} catch (error) {
  console.error(buildFailureMessage(error) ?? error);
  process.exit(1);
}

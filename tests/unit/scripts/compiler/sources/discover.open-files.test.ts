// Step "discover" on a large site: thousands of pages must not need thousands of open files.

import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { page, writeSite } from '../../../support/sites.ts';

const run = promisify(execFile);
const tsx = fileURLToPath(new URL('../../../../../node_modules/.bin/tsx', import.meta.url));
const discover = fileURLToPath(new URL('../../../../../scripts/compiler/sources/discover.ts', import.meta.url));

describe('discovering a large site', () => {
  it('reads more pages than the process may open files at once', async () => {
    const files: Record<string, string> = {};
    for (let n = 0; n < 300; n++) files[`docs/part-${n}.md`] = page(`Part ${n}`, 'Text.');
    const siteDir = await writeSite(files);
    const script = `import { discoverDocs } from ${JSON.stringify(discover)};
      console.log((await discoverDocs(${JSON.stringify(siteDir)})).length);`;
    // A limit of 128 open files: reading every page at once fails with EMFILE.
    const { stdout } = await run('bash', ['-c', 'ulimit -n 128 && exec "$0" --input-type=module -e "$1"', tsx, script]);
    expect(stdout.trim()).toBe('300');
  });
});

// What the browser tests wait for before they start: npm start serving its whole build, not the
// early build it serves while the pages compile (a tab open on that one reloads when the whole build
// comes, and a click made meanwhile is lost). Read from npm start's output, a bounded tail of it.

import { describe, expect, it } from 'vitest';
import { servesWholeBuild } from '../../../../scripts/local/npm-start-args.ts';

describe("npm start's whole build, read from its output", () => {
  it('is not served while only the early build is, and is once either of its lines has come whole', () => {
    for (const line of [
      'SELF Docs: every page is built (build 0a1b2c3d4e5f)\n',
      'SELF Docs: http://127.0.0.1:8802\n',
    ]) {
      let output = 'compile and store pages: 3 of 41\nSELF Docs: http://127.0.0.1:8802 (3 of 41 pages built: a page';
      const served = servesWholeBuild(() => output);
      expect(served()).toBe(false);
      // Cut before the line's end, the address alone does not yet say the early build's count is not next.
      output += ' asked for is built next)\n\nSELF Docs: http://127.0.0.1:8802';
      expect(servesWholeBuild(() => output)()).toBe(false);
      output += `\n${line}`;
      expect(served()).toBe(true);
    }
  });

  it('stays served once seen, though the line has since left the tail the output keeps', () => {
    let output = 'SELF Docs: every page is built (build 0a1b2c3d4e5f)\n';
    const served = servesWholeBuild(() => output);
    expect(served()).toBe(true);
    output = '[wrangler:info] GET / 200 OK (4ms)\n'.repeat(300).slice(-8192);
    expect(served()).toBe(true);
    expect(servesWholeBuild(() => output)()).toBe(false);
  });
});

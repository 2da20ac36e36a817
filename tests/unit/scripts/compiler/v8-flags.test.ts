// The build's V8 flags are written twice: in package.json's scripts, which start Node, and in
// v8-flags.ts, which the benches and tests read; a build measured by the bench must be the one users run.
// Node itself, with tsx's loader: tsx's command line stands between a Ctrl+C and the script, and
// kills a script whose event loop is busy (a build) at once, its cleanups unrun (cli/interrupt.ts).

import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildV8Flags } from '../../../../scripts/compiler/v8-flags.ts';

const scripts = (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> }).scripts;

describe('the V8 flags of a build', () => {
  it.each([
    ['build', 'build'],
    ['deploy', 'deploy'],
    ['start', 'dev'],
  ])('are the ones `npm run %s` starts Node with', (name, script) => {
    expect(scripts[name]).toBe(`node --import tsx ${buildV8Flags.join(' ')} scripts/${script}.ts`);
  });

  it('are flags this Node knows (it refuses to start on one it does not)', () => {
    const output = execFileSync(process.execPath, [...buildV8Flags, '-e', 'console.log("started")'], {
      encoding: 'utf8',
    });
    expect(output.trim()).toBe('started');
  });
});

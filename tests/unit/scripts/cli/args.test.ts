// The commands' options as a newcomer types them: `--help` says what each command takes, and an
// option a command does not read (a typo) is refused with its name, before anything is built.

import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

const run = (script: string, ...args: string[]) =>
  spawnSync('node_modules/.bin/tsx', [`scripts/${script}.ts`, ...args], { encoding: 'utf8', timeout: 120_000 });

describe('command-line options', () => {
  it.each(['build', 'dev', 'deploy', 'search-push'])('%s: --help prints the options and exits 0', (script) => {
    const result = run(script, '--help');
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/--content DIR/);
    expect(result.stdout).toMatch(/--out DIR/);
  });

  it('refuses an option the command does not read, naming it, and builds nothing', () => {
    const result = run('build', '--contnet', 'my-site', '--out', '/nonexistent/never-written');
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/unknown option --contnet/);
    expect(result.stderr).toMatch(/--content DIR/);
    expect(result.stdout).not.toMatch(/built \d+ pages/);
  });

  it("takes each command's own options beside the shared ones", () => {
    const result = run('deploy', '--local', '--rollback', 'abc', '--help');
    expect(result.stdout).toMatch(/--rollback ID/);
    expect(run('search-push', '--dry-run', '--help').stdout).toMatch(/--dry-run/);
    expect(run('build', '--timings', '--help').stdout).toMatch(/--timings/);
  });
});

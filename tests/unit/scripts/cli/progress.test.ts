// The progress of long work as a log shows it (no terminal): one line per finished phase, with
// its count of the total and its time. Times are matched by form only, never by value.

import { describe, expect, it } from 'vitest';
import { plainProgress, progressFor } from '../../../../scripts/cli/progress.ts';

const time = String.raw`in \d+\.\d\d s`;

function recorded() {
  const lines: string[] = [];
  return { lines, progress: plainProgress((line) => lines.push(line)) };
}

describe('plainProgress', () => {
  it('writes one line per phase when the next begins, with its count of the total and its time', () => {
    const { lines, progress } = recorded();
    progress.phase('config');
    expect(lines).toEqual([]);
    progress.phase('compile and store pages', 1200, 'pages');
    progress.tick();
    progress.tick(1199);
    progress.phase('upload keys', 3, 'keys');
    progress.tick(2);
    progress.end();
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(new RegExp(`^config: ${time}$`));
    expect(lines[1]).toMatch(new RegExp(`^compile and store pages: 1,200 of 1,200 pages ${time}$`));
    // A phase that stopped short says how far it came.
    expect(lines[2]).toMatch(new RegExp(`^upload keys: 2 of 3 keys ${time}$`));
  });

  it('writes nothing more for a second end, and starts again with the next phase', () => {
    const { lines, progress } = recorded();
    progress.phase('build', 2);
    progress.end();
    progress.end();
    progress.tick(5);
    progress.phase('deploy', 1);
    progress.tick();
    progress.end();
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(new RegExp(`^build: 0 of 2 ${time}$`));
    expect(lines[1]).toMatch(new RegExp(`^deploy: 1 of 1 ${time}$`));
  });

  it('puts the prefix before every line', () => {
    const lines: string[] = [];
    const progress = plainProgress((line) => lines.push(line), { prefix: '[200 pages] ' });
    progress.phase('build');
    progress.end();
    expect(lines[0]).toMatch(new RegExp(`^\\[200 pages\\] build: ${time}$`));
  });
});

describe('progressFor', () => {
  it('gives plain lines on a stream that is not a terminal', () => {
    const writes: string[] = [];
    const stdout = process.stdout.write;
    process.stdout.write = ((chunk: string) => writes.push(chunk)) as typeof process.stdout.write;
    try {
      const progress = progressFor({ isTTY: false } as NodeJS.WriteStream);
      progress.phase('search index');
      progress.end();
    } finally {
      process.stdout.write = stdout;
    }
    expect(writes).toHaveLength(1);
    expect(writes[0]).toMatch(new RegExp(`^search index: ${time}\\n$`));
  });
});

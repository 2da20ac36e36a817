// The progress of long work as a log shows it (no terminal): one line per finished phase, with
// its count of the total and its time. Times are matched by form only, never by value.

import { Writable } from 'node:stream';
import { describe, expect, it, vi } from 'vitest';
import { plainProgress, progressFor, terminalProgress } from '../../../../scripts/cli/progress.ts';

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

describe('plainProgress with `every`', () => {
  it('says how far a counted phase has come at most that often, and only a phase that runs that long', () => {
    const lines: string[] = [];
    let clock = 0;
    const progress = plainProgress((line) => lines.push(line), { every: 30_000, now: () => clock });
    progress.phase('compile and store pages', 102_257, 'pages');
    clock = 29_999;
    progress.tick(9_000);
    expect(lines).toEqual([]);
    clock = 31_000;
    progress.tick(1_000);
    clock = 40_000;
    progress.tick(500);
    clock = 95_000;
    progress.tick(20_000);
    progress.phase('search index');
    clock = 200_000;
    progress.tick();
    progress.end();
    expect(lines).toEqual([
      'compile and store pages: 10,000 of 102,257 pages so far, after 31 s',
      'compile and store pages: 30,500 of 102,257 pages so far, after 1 min 35 s',
      'compile and store pages: 30,500 of 102,257 pages in 95.00 s',
      // A phase that counts nothing has no "so far" to say.
      'search index: in 105.00 s',
    ]);
  });
});

describe('progressFor', () => {
  it('gives plain lines on a stream that is not a terminal', () => {
    const writes: string[] = [];
    const stdout = process.stdout.write;
    process.stdout.write = ((chunk: string) => {
      writes.push(chunk);
      return true;
    }) as typeof process.stdout.write;
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

/**
 * A terminal of 120 columns that shows what is written to it, roughly: moving the cursor to the
 * start of the line redraws that line; other escape codes are dropped.
 */
function fakeTerminal() {
  const lines = [''];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      // eslint-disable-next-line no-control-regex
      for (const part of chunk.toString().split(/(\x1b\[[0-9;?]*[A-Za-z]|\x1b[78]|\n)/)) {
        if (part === '\n') lines.push('');
        else if (part === '\x1b[1G') lines[lines.length - 1] = '';
        else if (!part.startsWith('\x1b')) lines[lines.length - 1] += part;
      }
      done();
    },
  }) as Writable & { isTTY: boolean; columns: number };
  stream.isTTY = true;
  stream.columns = 120;
  return { stream: stream as unknown as NodeJS.WriteStream, lines: () => lines.filter((line) => line !== '') };
}

describe('terminalProgress', () => {
  it('draws the live count of the total, then leaves the same line as a log would', async () => {
    const terminal = fakeTerminal();
    const progress = terminalProgress(terminal.stream);
    progress.phase('upload keys', 400, 'keys');
    progress.tick(100);
    // Redrawn ten times a second.
    await vi.waitFor(() => expect(terminal.lines().at(-1)).toMatch(/^upload keys [█░]{30} 100 of 400 keys · \d+ s/), {
      timeout: 30_000,
    });
    console.warn('uploaded part 1');
    progress.tick(300);
    progress.end();
    // What the program logged meanwhile stays, above the phase's last line; the live line is gone.
    const [logged, last, ...more] = terminal.lines();
    expect(logged).toBe('uploaded part 1');
    expect(last).toMatch(/^upload keys: 400 of 400 keys in \d+\.\d\d s$/);
    expect(more).toEqual([]);
  });
});

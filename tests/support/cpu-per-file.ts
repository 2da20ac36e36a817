// Opt-in (TEST_CPU_LOG=<file>): appends each test file's CPU seconds (this worker process's own and
// its finished children's, from /proc) to the file, one JSON line a file, to find the suite's costs.
import { appendFileSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll } from 'vitest';

const log = process.env.TEST_CPU_LOG;

function cpuSeconds(): { self: number; children: number } {
  const stat = readFileSync('/proc/self/stat', 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return {
    self: (Number(fields[11]) + Number(fields[12])) / 100,
    children: (Number(fields[13]) + Number(fields[14])) / 100,
  };
}

if (log) {
  // Taken as the file starts to load (setup files run before each test file is imported).
  const start = cpuSeconds();
  const wall = performance.now();
  let file = '';
  // vitest reads a hook's first parameter as fixtures, which must be an object pattern.
  // eslint-disable-next-line no-empty-pattern
  beforeAll(({}, suite) => {
    file = 'filepath' in suite ? suite.filepath : suite.file.filepath;
  });
  afterAll(() => {
    const end = cpuSeconds();
    appendFileSync(
      log,
      JSON.stringify({
        file,
        self: +(end.self - start.self).toFixed(2),
        children: +(end.children - start.children).toFixed(2),
        wall: +((performance.now() - wall) / 1000).toFixed(1),
      }) + '\n',
    );
  });
}

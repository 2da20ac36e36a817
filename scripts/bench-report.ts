// `npm run bench:report [-- <json>…]`: the HTML report of a bench's JSON, written beside it
// (dist/bench/results.json → results.html), without running the bench again. Without a file it
// reports whichever of dist/bench/results.json and dist/bench/scale.json exist.
// See scripts/bench/README.md ("The HTML report").

import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { writeReport } from './bench/report/build-report.ts';

const given = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));
const files = given.length > 0 ? given : ['results.json', 'scale.json'].map((name) => join('dist', 'bench', name));
const present = files.filter((file) => existsSync(file));
const missing = files.filter((file) => !existsSync(file));
if (given.length > 0 && missing.length > 0) {
  console.error(`no such file: ${missing.join(', ')}`);
  process.exit(1);
}
if (present.length === 0) {
  console.error('no bench results in dist/bench/: run `npm run bench` or `npm run bench:scale` first, or name a file');
  process.exit(1);
}
try {
  for (const file of present) console.log(`written ${await writeReport(file)}`);
} catch (error) {
  console.error(`bench report failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}

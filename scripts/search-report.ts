// `npm run search:report [-- --remote] [--days 30] [--persist DIR]`: what readers searched for,
// what found nothing, what they clicked, and what they reported, from the analytics D1 —
// the local one `npm start` writes (default) or the deployed one (`--remote`).

import { analyticsDatabase } from './deploy/target.ts';
import { formatReport } from './search-report/format.ts';
import { reportData, reportSql, sinceDay } from './search-report/queries.ts';
import { runCollecting, type CommandOutput } from './cli/run.ts';

function option(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

const days = Number(option('--days') ?? 30);
if (!Number.isInteger(days) || days < 1 || days > 3650) {
  console.error(`--days must be a whole number of days from 1 to 3650, found ${option('--days')}`);
  process.exit(2);
}
const persist = option('--persist');
const where = process.argv.includes('--remote')
  ? ['--remote']
  : ['--local', ...(persist ? ['--persist-to', persist] : [])];
const since = sinceDay(days);
const args = ['wrangler', 'd1', 'execute', analyticsDatabase, ...where, '--json', '--command', reportSql(since)];
/** Tries of a local read while the database is busy, and the wait before the first retry (doubled each time). */
const busyTries = 5;
const firstWaitMs = 500;
/** The local database file is locked while `npm start`'s worker writes a search or a click into it. */
const busy = (output: CommandOutput) => /SQLITE_BUSY|database is locked/.test(output.stderr + output.stdout);

let result = await execute();
for (let tries = 1; result.code !== 0 && where[0] === '--local' && busy(result) && tries < busyTries; tries++) {
  await new Promise((resolve) => setTimeout(resolve, firstWaitMs * 2 ** (tries - 1)));
  result = await execute();
}
if (result.code !== 0) {
  console.error(
    `search:report: wrangler d1 execute failed (exit ${result.code}):\n${result.stderr || result.stdout}\n` +
      (where[0] === '--remote'
        ? 'Check the database_id in wrangler.toml and that you are logged in (wrangler login).'
        : busy(result)
          ? `The local database stayed busy over ${busyTries} tries (npm start's worker writes to it): run the report again.`
          : 'Run `npm start` once: it creates the local database and applies worker/migrations/.'),
  );
  process.exit(1);
}
console.log(formatReport(reportData(JSON.parse(result.stdout), days, since)));

/** One `wrangler d1 execute`; a command that cannot start is reported like one that failed. */
function execute(): Promise<CommandOutput> {
  return runCollecting('npx', args).catch((error: Error): CommandOutput => ({
    code: null,
    stdout: '',
    stderr: error.message,
  }));
}

// When each source file last changed, from the git history of the docs folder: one `git log`
// for the whole folder, not one process per page. Outside a git repository (or without git)
// the dates are unknown and the map is empty — pages then simply carry no date.

import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** A record separator git never prints in a file name or a date. */
const commitMark = '\u001e';

/** Paths relative to `dir` → ISO 8601 committer date of the newest commit touching them. */
export async function lastModifiedDates(dir: string): Promise<Map<string, string>> {
  try {
    const { stdout } = await run(
      'git',
      ['-C', dir, 'log', `--format=${commitMark}%cI`, '--name-only', '--relative', '--no-renames', '--', '.'],
      { maxBuffer: 256 * 1024 * 1024 },
    );
    return parseGitLog(stdout);
  } catch {
    return new Map();
  }
}

/** Reads `git log --format=<mark>%cI --name-only`, newest commit first: a file's first date wins. */
export function parseGitLog(output: string): Map<string, string> {
  const dates = new Map<string, string>();
  for (const commit of output.split(commitMark).slice(1)) {
    const [date, ...files] = commit.split('\n').map((line) => line.trim());
    if (!date) continue;
    for (const file of files) if (file && !dates.has(file)) dates.set(file, date);
  }
  return dates;
}

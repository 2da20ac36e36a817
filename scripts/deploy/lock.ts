// One deploy (or rollback) at a time. Two at once would each read build:history, and each one's
// collection would delete the keys the other had just uploaded. The lock is a row in the analytics
// D1 database, taken in one statement (D1 runs a statement alone, and reads what was last written,
// unlike KV): a deploy that finds a lock whose time has not run out stops and names who holds it;
// one whose time has run out (its deploy died) is taken over. It is released at the end, on
// failure too. Times are the database's own clock, so machines with skewed clocks agree.

import { hostname, userInfo } from 'node:os';
import { randomUUID } from 'node:crypto';
import { onInterrupt, uninterrupted } from '../cli/interrupt.ts';
import type { DeployTarget } from './deploy-target.ts';
import { DeployError } from './wrangler.ts';

/** How long a lock holds without being released: longer than any deploy's build and upload. */
export const lockSeconds = 30 * 60;

export interface HeldLock {
  token: string;
  holder: string;
  until: number;
}

const table =
  'CREATE TABLE IF NOT EXISTS deploy_lock (id INTEGER PRIMARY KEY CHECK (id = 1), holder TEXT NOT NULL, ' +
  'token TEXT NOT NULL, until INTEGER NOT NULL)';

/** Who a lock names: user, machine and process, and the CI run when there is one. */
export function lockHolder(): string {
  const run = process.env.GITHUB_RUN_ID ? `, CI run ${process.env.GITHUB_RUN_ID}` : '';
  let user = 'someone';
  try {
    user = userInfo().username;
  } catch {
    // A user without a name in the passwd file; the host and process still tell it apart.
  }
  return `${user}@${hostname()} (pid ${process.pid}${run})`;
}

const quote = (text: string) => `'${text.replace(/'/g, "''")}'`;

/** Takes the lock, or throws a DeployError naming who holds it and until when. */
export async function takeLock(target: DeployTarget, holder = lockHolder(), seconds = lockSeconds): Promise<HeldLock> {
  const token = randomUUID();
  const [, , rows] = await target.sql(
    `${table}; INSERT INTO deploy_lock (id, holder, token, until) VALUES (1, ${quote(holder)}, ${quote(token)}, ` +
      `unixepoch() + ${Math.floor(seconds)}) ON CONFLICT (id) DO UPDATE SET holder = excluded.holder, ` +
      `token = excluded.token, until = excluded.until WHERE deploy_lock.until <= unixepoch(); ` +
      `SELECT holder, token, until FROM deploy_lock WHERE id = 1`,
  );
  const row = rows?.[0] as { holder: string; token: string; until: number } | undefined;
  if (row?.token === token) return { token, holder, until: row.until };
  throw new DeployError(
    'take the deploy lock',
    row
      ? `another deploy holds it: ${row.holder}, until ${new Date(row.until * 1000).toISOString()}. ` +
          `Wait for it to finish; if it died, its lock runs out then (or, once sure no deploy runs, ` +
          `\`npx wrangler d1 execute self-docs-analytics --remote --command "DELETE FROM deploy_lock"\`, ` +
          `or --local --persist-to DIR for a local deploy)`
      : 'the lock row could not be read back',
  );
}

/** Releases the lock if it is still ours (one that ran out may have been taken over since). */
export async function releaseLock(target: DeployTarget, lock: HeldLock): Promise<void> {
  await target.sql(`${table}; DELETE FROM deploy_lock WHERE token = ${quote(lock.token)}`);
}

/** The lock as it stands, for tests and messages; null when nobody holds one. */
export async function readLock(target: DeployTarget): Promise<{ holder: string; until: number } | null> {
  const [, rows] = await target.sql(`${table}; SELECT holder, until FROM deploy_lock WHERE id = 1`);
  return (rows?.[0] as { holder: string; until: number } | undefined) ?? null;
}

/** Runs `work` under the lock, releases it whatever happens, then closes the target. */
export async function withLock<T>(target: DeployTarget, work: (lock: HeldLock) => Promise<T>): Promise<T> {
  let releaseOnStop: (() => void) | undefined;
  try {
    // Taken whole or not at all: a lock taken as the deploy stops is released with it.
    const lock = await uninterrupted(() => takeLock(target));
    // Stopped by Ctrl+C or a CI runner's SIGTERM (interrupt.ts): the lock goes with the deploy,
    // so the next one need not wait for it to run out. A release twice deletes nothing more.
    releaseOnStop = onInterrupt(() =>
      releaseLock(target, lock)
        .then(() => console.error('released the deploy lock'))
        .finally(() => target.close?.()),
    );
    let result: T;
    try {
      result = await work(lock);
    } catch (error) {
      // The deploy's own failure is the one to report; a lock left behind runs out by itself.
      await releaseLock(target, lock).catch((failure: Error) =>
        console.error(`the deploy lock was not released (it runs out by itself): ${failure.message}`),
      );
      throw error;
    }
    await releaseLock(target, lock);
    return result;
  } finally {
    releaseOnStop?.();
    await target.close?.();
  }
}

// The KV and D1 of a local deploy, spoken to in this process: one Miniflare over the folders that
// `wrangler kv … / d1 … --local --persist-to DIR` use (DIR/v3/kv and DIR/v3/d1, each keyed by the
// id wrangler.toml gives the namespace or database), so that `wrangler dev --persist-to DIR` and
// `wrangler d1 … --local` read what a deploy wrote. One runtime per deploy instead of a wrangler
// process (and its own runtime) per step. It starts on the first step and stops at `close`, which
// frees the SQLite files for a server; a step after `close` starts it again.

import { readdir, readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Miniflare } from 'miniflare';
import type * as Wrangler from 'wrangler';
import { interruptedBy, withoutTheirStopHandlers } from '../cli/interrupt.ts';
import type { DeployTarget } from './deploy-target.ts';
import { DeployError } from './wrangler.ts';

/** `id` of the `[[kv_namespaces]]` block in wrangler.toml (wrangler keys local KV by it). */
export const contentNamespaceId = 'self-docs-content';
/** `database_id` of the `[[d1_databases]]` block in wrangler.toml (wrangler keys local D1 by it). */
export const analyticsDatabaseId = '00000000-0000-0000-0000-000000000000';
/** wrangler.toml's `migrations_dir`, from this file. */
const migrationsDir = fileURLToPath(new URL('../../worker/migrations/', import.meta.url));
/** Where wrangler records applied migrations (its default `migrations_table`), laid out as it makes it. */
const migrationsTable =
  'CREATE TABLE IF NOT EXISTS d1_migrations(id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT UNIQUE, ' +
  'applied_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP NOT NULL)';
/** KV operations in flight at once (each is a request to the local runtime). */
const concurrency = 32;

export type LocalState = Omit<DeployTarget, 'label' | 'publish' | 'restoreWorker' | 'archiveDir'> & {
  close(): Promise<void>;
};

export function localState(persistDir: string): LocalState {
  let running: Promise<Miniflare> | undefined;
  const runtime = () =>
    (running ??= (async () => {
      const { Miniflare } = await import('miniflare');
      // The same options `wrangler d1 execute --local` and `wrangler kv … --local` start Miniflare with.
      // Its exit on a stop signal is taken off: the deploy's stop releases the lock through it first.
      const mf = withoutTheirStopHandlers(
        () =>
          new Miniflare({
            modules: true,
            script: '',
            kvNamespaces: { CONTENT: contentNamespaceId },
            kvPersist: join(persistDir, 'v3', 'kv'),
            d1Databases: { ANALYTICS: analyticsDatabaseId },
            d1Persist: join(persistDir, 'v3', 'd1'),
          }),
      );
      try {
        await mf.ready;
      } catch (error) {
        running = undefined;
        await mf.dispose();
        throw error;
      }
      return mf;
    })());
  const step = async <T>(name: string, work: (mf: Miniflare) => Promise<T>): Promise<T> => {
    try {
      const used = runtime();
      return await work(await used).catch(async (error: unknown) => {
        // A Ctrl+C in the terminal reaches the runtime too, which ends: the steps after it (the lock's
        // release) start another (once, whichever of the steps in flight fails first). So does a
        // runtime that ended any other way.
        if (!interruptedBy() && !(error instanceof TypeError && error.message === 'fetch failed')) throw error;
        if (running === used) {
          running = undefined;
          await (await used).dispose().catch(() => undefined);
        }
        return work(await runtime());
      });
    } catch (error) {
      if (error instanceof DeployError) throw error;
      throw new DeployError(name, `local state in ${persistDir}: ${(error as Error).message}`);
    }
  };
  const kv = (mf: Miniflare) => mf.getKVNamespace('CONTENT');
  const batch = async (mf: Miniflare, sql: string) => {
    const db = await mf.getD1Database('ANALYTICS');
    const statements = await splitSql(sql);
    const results = await db.batch(statements.map((statement) => db.prepare(statement)));
    return results.map((result) => (result.results ?? []) as Record<string, unknown>[]);
  };
  const putEntries = (name: string, entries: { key: string; value: string }[]) =>
    step(name, async (mf) => {
      const namespace = await kv(mf);
      await inBatches(entries, (entry) => namespace.put(entry.key, entry.value));
    });

  return {
    getKey: (key) => step(`read ${key}`, async (mf) => (await kv(mf)).get(key)),
    getKeys: (keys) =>
      step(`read ${keys.length} keys`, async (mf) => {
        const namespace = await kv(mf);
        const values = new Map<string, string | null>();
        await inBatches(keys, async (key) => void values.set(key, await namespace.get(key)));
        return new Map(keys.map((key) => [key, values.get(key) ?? null]));
      }),
    putEntries,
    putKeys: async (name, file) => putEntries(name, await readEntries(name, file)),
    listKeys: (prefix) =>
      step(prefix ? `list the keys under ${prefix}` : 'list the keys', async (mf) => {
        const namespace = await kv(mf);
        const names: string[] = [];
        for (let cursor: string | undefined; ;) {
          const page = await namespace.list({ prefix, ...(cursor ? { cursor } : {}) });
          names.push(...page.keys.map((key) => key.name));
          if (page.list_complete) return names;
          cursor = page.cursor;
        }
      }),
    deleteKeys: async (file) => {
      const names = JSON.parse(await readFile(file, 'utf8')) as string[];
      await step('delete old builds', async (mf) => {
        const namespace = await kv(mf);
        await inBatches(names, (name) => namespace.delete(name));
      });
    },
    sql: (statements) => step('use the deploy lock', (mf) => batch(mf, statements)),
    // As `wrangler d1 migrations apply --local` does: each file not yet recorded, in the order of
    // its number, with its record in the same batch (one transaction).
    migrate: () =>
      step('apply the analytics migrations', async (mf) => {
        const [, applied] = await batch(mf, `${migrationsTable}; SELECT name FROM d1_migrations ORDER BY id`);
        const done = new Set(applied!.map((row) => String(row.name)));
        const files = (await readdir(migrationsDir))
          .filter((name) => name.endsWith('.sql') && !done.has(name))
          .sort((a, b) => parseInt(a, 10) - parseInt(b, 10));
        for (const name of files) {
          const sql = await readFile(join(migrationsDir, name), 'utf8');
          await batch(mf, `${sql}\nINSERT INTO d1_migrations (name) values ('${name.replace(/'/g, "''")}');`);
        }
      }),
    close: async () => {
      const mf = running;
      running = undefined;
      if (mf) await (await mf.catch(() => undefined))?.dispose();
    },
  };
}

/** A bulk file's entries, checked as `wrangler kv bulk put` checks them: each a string key and value. */
async function readEntries(step: string, file: string): Promise<{ key: string; value: string }[]> {
  const entries: unknown = JSON.parse(await readFile(file, 'utf8'));
  if (!Array.isArray(entries))
    throw new DeployError(step, `${file} is not a JSON list of { "key": …, "value": … } entries`);
  entries.forEach((entry: { key?: unknown; value?: unknown } | null, index) => {
    if (typeof entry?.key !== 'string' || typeof entry.value !== 'string')
      throw new DeployError(
        step,
        `entry ${index} is not { "key": string, "value": string }: ${JSON.stringify(entry).slice(0, 200)}`,
      );
  });
  return entries as { key: string; value: string }[];
}

/** SQL split into statements as `wrangler d1 execute` splits it (triggers, strings and comments kept whole). */
async function splitSql(sql: string): Promise<string[]> {
  // Required, not imported: an import of wrangler's large CommonJS bundle first scans all of it
  // for its export names, in each deploy process.
  return withoutTheirStopHandlers(() => {
    const { unstable_splitSqlQuery } = createRequire(import.meta.url)('wrangler') as typeof Wrangler;
    return unstable_splitSqlQuery(sql);
  });
}

async function inBatches<T>(items: T[], work: (item: T) => Promise<unknown>): Promise<void> {
  for (let start = 0; start < items.length; start += concurrency)
    await Promise.all(items.slice(start, start + concurrency).map(work));
}

// Command-line options shared by build, start and deploy.

import { createHash } from 'node:crypto';
import { join, resolve } from 'node:path';

export interface CliArgs {
  content: string;
  out: string;
  port: number;
  /** Folder for wrangler's local state (KV, cache); default .wrangler/state. */
  persist?: string;
  /**
   * Where the build keeps compiled pages for the next build (`--cache DIR`); by default a folder
   * per site under node_modules/.cache; `--no-cache` compiles every page.
   */
  cache?: string;
}

export function parseArgs(argv: string[]): CliArgs {
  const value = (flag: string) => {
    const index = argv.indexOf(flag);
    if (index === -1) return undefined;
    const next = argv[index + 1];
    if (!next || next.startsWith('--')) {
      console.error(`${flag} needs a value, e.g. ${flag} ./my-site`);
      process.exit(2);
    }
    return next;
  };
  const port = Number(process.env.PORT ?? 8787);
  if (!Number.isInteger(port) || port <= 0 || port > 65535) {
    console.error(`PORT must be a port number, found ${process.env.PORT}`);
    process.exit(2);
  }
  const persist = value('--persist');
  const content = resolve(value('--content') ?? 'content');
  const cache = value('--cache');
  return {
    content,
    out: resolve(value('--out') ?? 'dist'),
    port,
    persist: persist ? resolve(persist) : undefined,
    cache: argv.includes('--no-cache') ? undefined : resolve(cache ?? defaultCacheDir(content)),
  };
}

/** One cache folder per site folder, where tools keep their caches (ignored by git). */
export function defaultCacheDir(content: string): string {
  const site = createHash('sha256').update(content).digest('hex').slice(0, 16);
  return join('node_modules', '.cache', 'self-docs', `compile-${site}`);
}

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

/** A command's own options beside the shared ones, and what `--help` says about it. */
export interface CommandOptions {
  /** Its usage, printed by `--help` and after an option it does not know. */
  usage: string;
  /** Options it reads that take no value (`--timings`). */
  switches?: string[];
  /** Options it reads that take a value (`--rollback ID`). */
  valued?: string[];
}

/** The options every command reads: `--content DIR`, `--out DIR`, `--persist DIR`, `--cache DIR | --no-cache`. */
export const sharedUsage = `  --content DIR   the site folder (default: content)
  --out DIR       where the build goes (default: dist)
  --persist DIR   wrangler's local state (default: .wrangler/state)
  --cache DIR     the compile cache (default: a folder per site under node_modules/.cache)
  --no-cache      compile every page
  --help          this text
  PORT            (environment) the local server's port (default: 8787)`;

const sharedValued = ['--content', '--out', '--persist', '--cache'];

/**
 * With `command`: `--help` (or `-h`) prints its usage and exits; an option it does not read is an
 * error (exit 2) that names it, so a typo (`--contnet`) does not build the default site instead.
 */
export function parseArgs(argv: string[], command?: CommandOptions): CliArgs {
  if (command) checkOptions(argv, command);
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

function checkOptions(argv: string[], { usage, switches = [], valued = [] }: CommandOptions): void {
  if (argv.includes('--help') || argv.includes('-h')) {
    console.log(usage);
    process.exit(0);
  }
  const takesValue = new Set([...sharedValued, ...valued]);
  const known = new Set([...takesValue, ...switches, '--no-cache']);
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (!known.has(arg)) {
      const what = arg.startsWith('-') ? `unknown option ${arg}` : `unexpected argument ${arg}`;
      console.error(`${what}\n\n${usage}`);
      process.exit(2);
    }
    // Its value is read by the command (a missing one is said there).
    if (takesValue.has(arg) && argv[i + 1] !== undefined && !argv[i + 1]!.startsWith('--')) i++;
  }
}

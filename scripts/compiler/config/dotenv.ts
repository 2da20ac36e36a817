// `dotenv` for a site config that loads it (`require('dotenv').config()`, `import 'dotenv/config'`)
// when the site folder does not have the package: a stand-in would leave the variables unset and
// the config without its `url`. As dotenv does, `config()` reads `.env` from the working directory
// (the site folder while its config runs, as under Docusaurus) and leaves variables already set
// alone unless asked to override them; Node's own parser reads the file.

import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseEnv } from 'node:util';

interface ConfigOptions {
  path?: string | URL | (string | URL)[];
  override?: boolean;
  processEnv?: Record<string, string | undefined>;
}

function config(options: ConfigOptions = {}): { parsed: Record<string, string> } {
  const paths = options.path === undefined ? ['.env'] : [options.path].flat();
  const parsed: Record<string, string> = {};
  for (const path of paths) {
    const file = path instanceof URL ? path : resolve(path);
    if (existsSync(file)) Object.assign(parsed, parse(readFileSync(file, 'utf8')));
  }
  const target = options.processEnv ?? process.env;
  for (const [key, value] of Object.entries(parsed)) {
    if (options.override || target[key] === undefined) target[key] = value;
  }
  return { parsed };
}

function parse(text: string | Buffer): Record<string, string> {
  return Object.fromEntries(
    Object.entries(parseEnv(String(text))).flatMap(([key, value]) => (value === undefined ? [] : [[key, value]])),
  );
}

/** The package as a config requires it: `dotenv`, and `dotenv/config`, which loads `.env` when required. */
export function builtInDotenv(id: string): unknown {
  const dotenv = { config, parse };
  if (id === 'dotenv/config') {
    config();
    return {};
  }
  return { ...dotenv, default: dotenv };
}

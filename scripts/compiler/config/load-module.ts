import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { pathToFileURL } from 'node:url';

/** Imports a config file; a CommonJS .js file inside an ESM package is evaluated as CommonJS. */
export async function loadModule(path: string, fresh = false): Promise<unknown> {
  try {
    const module = (await import(`${pathToFileURL(path).href}${fresh ? `?t=${Date.now()}` : ''}`)) as {
      default?: unknown;
    };
    return module.default ?? module;
  } catch (error) {
    if (!/\b(module|exports|require) is not defined/.test((error as Error).message)) throw error;
    const module = { exports: {} as unknown };
    const run = new Function('module', 'exports', 'require', '__filename', '__dirname', readFileSync(path, 'utf8'));
    run(module, module.exports, createRequire(path), path, dirname(path));
    return module.exports;
  }
}

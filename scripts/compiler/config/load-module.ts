import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { pathToFileURL } from 'node:url';
import { loadConfigModule } from './load-config-module.ts';

/**
 * Imports a config file; a CommonJS .js file inside an ESM package is evaluated as CommonJS.
 * `fresh`: as the file is now, though this process imported it before (`npm start` builds again
 * after an edit): bundled and run anew, since Node's module cache (and tsx's, whatever the query
 * string) keeps the first version, in the site folder `siteDir` as Docusaurus runs it. A package
 * it imports that the site lacks fails as an import.
 */
export async function loadModule(path: string, fresh = false, siteDir?: string): Promise<unknown> {
  if (fresh) {
    // What cannot be run that way (a package Node cannot require without tsx) is imported as before,
    // which reports its error if it has one.
    const loaded = await loadConfigModule(path, siteDir).catch(() => undefined);
    if (loaded && loaded.missing.size === 0) return loaded.value;
  }
  try {
    const module = (await import(pathToFileURL(path).href)) as {
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

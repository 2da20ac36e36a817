// A Docusaurus config runs here as it runs under Docusaurus: .js, .mjs, .cjs and .ts alike, with
// `__dirname`, `__filename` and `require` available, without the site's dependencies installed.
// esbuild bundles the file and its relative imports into one CommonJS function; a package the
// site folder has is required from there at run time, one it lacks becomes a stand-in (`dotenv`,
// which configs load their `url` with, works as itself). It runs with the site folder as the working
// directory, as Docusaurus runs it, so relative paths (`fs.readdirSync('docs')`, `.env`) are the site's.

import { existsSync } from 'node:fs';
import * as nodeModule from 'node:module';
import { createRequire, isBuiltin } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { isMainThread } from 'node:worker_threads';
import { build, type Plugin } from 'esbuild';
import { builtInDotenv } from './dotenv.ts';
import { recordModuleOrigin } from './module-origins.ts';
import { standIn } from './stand-ins.ts';

export interface LoadedConfigModule {
  /** What the file exports (its default export when it has one). */
  value: unknown;
  /** Packages the site folder does not have, which stand-ins replaced. */
  missing: Set<string>;
}

/** The engine's own folder: its packages are not the site's, even when the site sits inside it. */
const engineRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

/** `siteDir`: the folder the file runs in (the site's); the current one when absent. */
export async function loadConfigModule(file: string, siteDir?: string): Promise<LoadedConfigModule> {
  const path = resolve(file);
  const missing = new Set<string>();
  const standInFor = (name: string) => {
    missing.add(name);
    return standIn(name);
  };
  const bundled = await build({
    entryPoints: [path],
    bundle: true,
    write: false,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    logLevel: 'silent',
    // `import()` of a site package becomes a `require`, which the function below provides.
    supported: { 'dynamic-import': false },
    define: {
      'import.meta.url': JSON.stringify(pathToFileURL(path).href),
      'import.meta.dirname': JSON.stringify(dirname(path)),
      'import.meta.filename': JSON.stringify(path),
    },
    plugins: [sitePackages()],
  });
  const code = esmImportsOfPackages(bundled.outputFiles[0]!.text);
  const module = { exports: {} as unknown };
  const hooks: ConfigHooks = {
    nodeModule,
    imported: (required, toEsm) => toEsm(required, isEsModule(required) ? 0 : 1),
    standIn: standInFor,
    createRequire: (from) =>
      siteRequire(from instanceof URL || /^file:/.test(from) ? fileURLToPath(from) : from, standInFor),
  };
  // The block lets the config declare its own `require` or `__dirname` (as .mjs configs do).
  const run = new Function('module', 'exports', 'require', '__filename', '__dirname', hooksName, `{\n${code}\n}`);
  inFolder(siteDir, () => run(module, module.exports, hooks.createRequire(path), path, dirname(path), hooks));
  const exported = module.exports;
  const isModule = typeof exported === 'object' && exported !== null && 'default' in exported;
  return { value: isModule ? exported.default : exported, missing };
}

/**
 * Runs `evaluate` with `dir` as the working directory and then goes back. Only synchronous code runs
 * meanwhile, but file work already handed to libuv's threads (an awaited `cp`, `lstat`…) does run, and
 * a relative path of it resolves against `dir`: the build and its callers pass absolute paths (the
 * CLI resolves its arguments). Compile threads cannot change the working directory, and do not.
 */
function inFolder<T>(dir: string | undefined, evaluate: () => T): T {
  if (!dir || !isMainThread) return evaluate();
  const before = process.cwd();
  process.chdir(dir);
  try {
    return evaluate();
  } finally {
    process.chdir(before);
  }
}

/** What the bundled code calls back into: the name it knows them by, and what they do. */
const hooksName = '__selfDocs';
interface ConfigHooks {
  nodeModule: typeof nodeModule;
  /** An import of a required package, through esbuild's `__toESM` helper (see esmImportsOfPackages). */
  imported: (required: unknown, toEsm: (module: unknown, isNodeMode: number) => unknown) => unknown;
  standIn: (name: string) => unknown;
  createRequire: (from: string | URL) => NodeJS.Require;
}

/**
 * Bare imports: Node's own modules and the site's packages stay outside the bundle; the rest are
 * stand-ins. `node:module` hands out our `require` from `createRequire`, which .mjs configs call.
 */
function sitePackages(): Plugin {
  return {
    name: 'site-packages',
    setup(bundle) {
      bundle.onResolve({ filter: /^(node:)?module$/ }, () => ({ path: 'module', namespace: 'site-module' }));
      bundle.onResolve({ filter: /^[^./]/ }, (args) => {
        if (isBuiltin(args.path) || hasSitePackage(args.path, args.resolveDir) || builtInPackage(args.path))
          return { path: args.path, external: true };
        return { path: packageName(args.path), namespace: 'stand-in' };
      });
      bundle.onLoad({ filter: /.*/, namespace: 'site-module' }, () => ({
        contents: `module.exports = { ...${hooksName}.nodeModule, createRequire: ${hooksName}.createRequire };`,
        loader: 'js',
      }));
      bundle.onLoad({ filter: /.*/, namespace: 'stand-in' }, (args) => ({
        contents: `module.exports = ${hooksName}.standIn(${JSON.stringify(args.path)});`,
        loader: 'js',
      }));
    },
  };
}

/** `require` as the config sees it: real for files and the site's packages, a stand-in for a missing package. */
function siteRequire(path: string, standInFor: (name: string) => unknown): NodeJS.Require {
  const real = createRequire(path);
  const isMissing = (id: string) => /^[^./]/.test(id) && !isBuiltin(id) && !hasSitePackage(id, dirname(path));
  const required = ((id: string) => {
    if (isMissing(id)) return builtInPackage(id)?.(id) ?? standInFor(packageName(id));
    const exports: unknown = real(id);
    // A package's exports remember the file they came from, so a compile thread can load them again.
    if (/^[^./]/.test(id) && !isBuiltin(id)) recordModuleOrigin(exports, real.resolve(id));
    return exports;
  }) as NodeJS.Require;
  // `require.resolve('some-plugin')` of a missing package gives its name, as a plugin list expects a string.
  const resolveId = ((id: string, options?: { paths?: string[] }) => {
    if (!isMissing(id)) return real.resolve(id, options);
    standInFor(packageName(id));
    return id;
  }) as NodeJS.RequireResolve;
  resolveId.paths = real.resolve.paths;
  return Object.assign(required, {
    resolve: resolveId,
    cache: real.cache,
    extensions: real.extensions,
    main: real.main,
  });
}

/** What the engine gives a config for a package the site lacks, instead of a stand-in. */
function builtInPackage(id: string): ((id: string) => unknown) | undefined {
  return packageName(id) === 'dotenv' && /^dotenv(\/config)?$/.test(id) ? builtInDotenv : undefined;
}

/** Whether a `node_modules` folder of the site (from `fromDir` up, the engine's own excluded) holds the package. */
function hasSitePackage(id: string, fromDir: string): boolean {
  const name = packageName(id);
  for (let dir = fromDir; ; dir = dirname(dir)) {
    if (dir !== engineRoot && existsSync(join(dir, 'node_modules', name, 'package.json'))) return true;
    if (dirname(dir) === dir) return false;
  }
}

/** `@scope/name/sub/path` → `@scope/name`; `name/sub` → `name`. */
function packageName(id: string): string {
  const parts = id.split('/');
  return id.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
}

/**
 * In an ES module config (.mjs, .mts, or "type": "module"), esbuild makes `import x from 'pkg'`
 * of a required package `x = module.exports`, as Node does for CommonJS. An ES-only package
 * (remark-math, rehype-katex) is required as its namespace, or as the CommonJS a loader made of
 * it (`__esModule` set): there `x` must be its default export, as Node's `import` and the loader
 * Docusaurus runs configs with give it. So such an import asks the helper for that interop.
 */
function esmImportsOfPackages(code: string): string {
  return code.replace(/__toESM\((require\("[^"]*"\)), 1\)/g, `${hooksName}.imported($1, __toESM)`);
}

function isEsModule(value: unknown): boolean {
  if (Object.prototype.toString.call(value) === '[object Module]') return true;
  return (typeof value === 'object' || typeof value === 'function') && value !== null && '__esModule' in value;
}

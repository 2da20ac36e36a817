// A Docusaurus site's own look: the classic preset's `theme.customCss` files (CSS, or Sass as
// docusaurus-plugin-sass compiles it), bundled into one stylesheet linked after ours. Sites restyle
// Docusaurus through Infima's custom properties (`--ifm-color-primary` and friends, per theme under
// `[data-theme='dark']`); the properties the site sets are carried onto our own tokens
// (client/styles/theme.css), so its brand colours and fonts reach pages it never wrote selectors
// for. A site without customCss gets nothing here.

import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import * as esbuild from 'esbuild';
import { BuildError } from '../errors.ts';
import { fontOriginsOfStylesheet } from './font-hosts.ts';
import { staticRootUrls } from './static-root-urls.ts';
import { sassPlugin } from './sass-stylesheets.ts';

export interface SiteStyles {
  /** Public URL of the stylesheet, `/assets/site-<hash>.css`. */
  url: string;
  bytes: Uint8Array;
  /** Files the CSS refers to (fonts, images), path under the client folder → bytes. */
  files: Map<string, Uint8Array>;
  /** Origins the CSS loads from: `@import`ed stylesheets, and fonts or images by `url()`. */
  sources: { style: string[]; font: string[] };
}

/**
 * Infima properties a site sets → our tokens that take their value. Only the ones the site's CSS
 * declares are carried over: a token set to an undefined property would lose its own value.
 * Infima's primary shades `-darker`, `-darkest`, `-light`, `-lighter` and `-lightest` have no
 * counterpart here: our theme derives its tints from the primary colour itself (primaryTints).
 */
const infimaTokens: Record<string, string[]> = {
  '--ifm-color-primary': ['--accent', '--link', '--focus', '--code-highlight-border', '--dg-accent-stroke'],
  '--ifm-color-primary-dark': ['--link-hover'],
  '--ifm-font-family-base': ['--font-base'],
  '--ifm-font-family-monospace': ['--font-mono'],
  '--ifm-code-font-size': ['--code-font-size'],
  '--ifm-navbar-height': ['--navbar-height'],
  '--ifm-background-color': ['--bg', '--bg-page'],
};

/** Tints our theme derives from the primary colour, mixed from the site's. */
const primaryTints = [
  '--accent-soft: color-mix(in srgb, var(--ifm-color-primary) 12%, transparent)',
  '--code-highlight-bg: color-mix(in srgb, var(--ifm-color-primary) 14%, transparent)',
];

export async function bundleSiteStyles(
  files: string[],
  siteDir: string,
  configFile: string,
): Promise<{ styles?: SiteStyles; warnings: BuildError[] }> {
  const warnings: BuildError[] = [];
  const found = files.filter((file) => {
    if (existsSync(file)) return true;
    warnings.push(
      new BuildError(
        configFile,
        undefined,
        `customCss names ${relative(siteDir, file)}, which does not exist: the site's own styles are left out`,
        'point theme.customCss at the stylesheet (e.g. ./src/css/custom.css) or remove it',
      ),
    );
    return false;
  });
  if (found.length === 0) return { warnings };
  let result: esbuild.BuildResult<{ write: false }>;
  try {
    result = await bundleCss(found, siteDir);
  } catch (error) {
    const failure = (error as esbuild.BuildFailure).errors?.[0];
    const where = failure?.location ? `${failure.location.file}:${failure.location.line}: ` : '';
    warnings.push(
      new BuildError(
        configFile,
        undefined,
        `the site's own CSS could not be bundled (${where}${failure?.text ?? (error as Error).message}): it is left out`,
        'fix the stylesheet; pages are styled with the engine’s theme until then',
      ),
    );
    return { warnings };
  }
  let css = '';
  const assets = new Map<string, Uint8Array>();
  for (const output of result.outputFiles) {
    if (output.path.endsWith('.css')) css = output.text;
    else assets.set(relative('/client', output.path), output.contents);
  }
  // After the site's CSS: its `@import` rules must stay first.
  const text = `${css}${infimaBridge(css)}`;
  const bytes = new TextEncoder().encode(text);
  const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 8).toUpperCase();
  return {
    styles: { url: `/assets/site-${hash}.css`, bytes, files: assets, sources: externalSources(css) },
    warnings,
  };
}

/** The stylesheet and the files it refers to, under `dist/client` (also for builds without a client). */
export async function writeSiteStyles(outDir: string, styles: SiteStyles): Promise<void> {
  const clientDir = join(outDir, 'client');
  for (const [path, bytes] of [[styles.url.slice(1), styles.bytes] as const, ...styles.files]) {
    await mkdir(dirname(join(clientDir, path)), { recursive: true });
    await writeFile(join(clientDir, path), bytes);
  }
}

function bundleCss(files: string[], siteDir: string) {
  return esbuild.build({
    stdin: {
      contents: files.map((file) => `@import ${JSON.stringify(`./${relative(siteDir, file)}`)};`).join('\n'),
      loader: 'css',
      resolveDir: siteDir,
    },
    bundle: true,
    minify: true,
    write: false,
    outdir: '/client/assets',
    assetNames: '[name]-[hash]',
    loader: { '.woff2': 'file', '.woff': 'file', '.ttf': 'file', '.svg': 'file', '.png': 'file', '.jpg': 'file' },
    plugins: [staticRootUrls, webpackPackagePaths, sassPlugin(siteDir)],
    logLevel: 'silent',
  });
}

/**
 * `@import '~katex/dist/katex.min.css'`: webpack's `~` names a package, as Docusaurus's CSS loader
 * reads it; esbuild resolves the same path without it (a plain `pkg/file.css` it resolves itself).
 */
const webpackPackagePaths: esbuild.Plugin = {
  name: 'webpack-package-paths',
  setup(build) {
    build.onResolve({ filter: /^~[^/]/ }, (args) =>
      build.resolve(args.path.slice(1), { kind: args.kind, resolveDir: args.resolveDir, importer: args.importer }),
    );
  },
};

/**
 * Our tokens set from the Infima properties the site declares, in the themes it declares them
 * for: a property set on `:root` holds in both themes, one set under `[data-theme='dark']` only in
 * the dark one (the light theme keeps our own value). `:root[data-theme…]` outranks the theme
 * selectors of theme.css.
 */
export function infimaBridge(css: string): string {
  const themes = new Map<string, Set<ThemeScope>>();
  for (const [, selector = '', body = ''] of css.matchAll(/([^{}]+)\{([^{}]*)\}/g)) {
    const scope: ThemeScope = /data-theme=["']?dark/.test(selector)
      ? 'dark'
      : /data-theme=["']?light/.test(selector)
        ? 'light'
        : 'both';
    for (const [, name = ''] of body.matchAll(/(--ifm-[a-z-]+)\s*:/g)) {
      themes.set(name, (themes.get(name) ?? new Set()).add(scope));
    }
  }
  const rules = new Map<ThemeScope, string[]>([
    ['both', []],
    ['light', []],
    ['dark', []],
  ]);
  for (const [infima, tokens] of Object.entries(infimaTokens)) {
    const scopes = themes.get(infima);
    if (!scopes) continue;
    const declarations = tokens.map((token) => `${token}:var(${infima})`);
    if (infima === '--ifm-color-primary') declarations.push(...primaryTints);
    for (const scope of scopes.has('both') ? (['both'] as const) : scopes) rules.get(scope)!.push(...declarations);
  }
  return [...rules]
    .filter(([, declarations]) => declarations.length > 0)
    .map(([scope, declarations]) => `${themeSelectors[scope]}{${declarations.join(';')}}\n`)
    .join('');
}

type ThemeScope = 'both' | 'light' | 'dark';

const themeSelectors: Record<ThemeScope, string> = {
  both: ':root,:root[data-theme]',
  light: ":root[data-theme='light']",
  dark: ":root[data-theme='dark']",
};

function externalSources(css: string): SiteStyles['sources'] {
  const origins = (text: string, pattern: RegExp) => [
    ...new Set([...text.matchAll(pattern)].map((match) => new URL(match[1]!).origin)),
  ];
  const imported = origins(css, /@import\s*(?:url\()?\s*["']?(https:\/\/[^"')\s]+)/g);
  const named = origins(css.replace(/@import[^;]*;/g, ''), /url\(\s*["']?(https:\/\/[^"')\s]+)/g);
  return { style: imported, font: [...new Set([...named, ...imported.flatMap(fontOriginsOfStylesheet)])] };
}

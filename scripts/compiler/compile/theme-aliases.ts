// Docusaurus's theme aliases, in both bundles (pages, and site components for the browser):
// `@theme/X` is the site's own `src/theme/X` when it has one (a swizzled or added component),
// else ours; `@theme-original/X` and `@theme-init/X` are always ours. Ours are the theme
// components below (our look), then what page-imports.ts and islands/plugin.ts know. A site's
// `src/theme/MDXComponents` adds its components to every page's scope, as in Docusaurus.

import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type * as esbuild from 'esbuild';
import { componentsProvider } from './mdx-sources.ts';
import { islandNamespace, isSiteScript } from './islands/plugin.ts';
import { componentNames } from '../../../client/contract/page.ts';

const pageModules = fileURLToPath(new URL('./page-modules/', import.meta.url));
const siteModules = fileURLToPath(new URL('../../../client/site-modules/', import.meta.url));
const contentComponents = fileURLToPath(new URL('../../../client/components/content/', import.meta.url));
const tabsModule = fileURLToPath(new URL('../../../client/components/Tabs.tsx', import.meta.url));

/** Theme component → its module and export, evaluated with a page at build time. */
const pageTheme: Record<string, [string, string]> = {
  DocCardList: ['doc-cards.ts', 'default'],
  DocCard: ['doc-cards.ts', 'DocCard'],
  Heading: ['heading.ts', 'default'],
  CodeInline: ['code-inline.ts', 'default'],
  IdealImage: ['ideal-image.ts', 'default'],
  Layout: ['layout.ts', 'default'],
  MDXComponents: ['mdx-components.ts', 'default'],
  Mermaid: ['mermaid.ts', 'default'],
};

/** Theme component → its React module and export, for site components. */
const siteTheme: Record<string, [string, string]> = {
  DocCardList: ['doc-cards.tsx', 'default'],
  DocCard: ['doc-cards.tsx', 'DocCard'],
  Heading: ['theme-content.tsx', 'Heading'],
  CodeInline: ['theme-content.tsx', 'CodeInline'],
  IdealImage: ['theme-content.tsx', 'IdealImage'],
  ThemedImage: ['theme-content.tsx', 'ThemedImage'],
  TOCInline: ['theme-content.tsx', 'TOCInline'],
  // A custom page's layout: ours is drawn around it; its props go to the page's head (layout.tsx).
  Layout: ['layout.tsx', 'default'],
  MDXComponents: ['mdx-components.tsx', 'default'],
  Mermaid: ['mermaid-diagram.tsx', 'default'],
};

const namespace = 'self-docs-theme-alias';
const ours = Symbol.for('self-docs.theme-original');
const siteMdxComponents = 'self-docs-mdx/site-components';
const siteThemeModule = 'self-docs-mdx/site-theme/';
/** How the provider names the modules here: `self-docs-theme/page:DocCardList`. */
const virtualPrefix = 'self-docs-theme/';
const scriptExtensions = ['.js', '.jsx', '.ts', '.tsx'];
const isPage = (file: string) => /\.mdx?$/.test(file);

/** The site's own `src/theme/<name>` (a file, or a folder's index), if it has one. */
export function siteThemeFile(siteDir: string, name: string): string | undefined {
  const base = join(siteDir, 'src', 'theme', name);
  for (const candidate of [
    ...scriptExtensions.map((ext) => base + ext),
    ...scriptExtensions.map((ext) => join(base, `index${ext}`)),
  ])
    if (existsSync(candidate)) return candidate;
  return undefined;
}

/**
 * The aliases, registered before the handlers of page-imports.ts and islands/plugin.ts, which
 * then see `@theme/X` only when it is ours and not one of the components here.
 */
export function themeAliases(build: esbuild.PluginBuild, siteDir: string): void {
  build.onResolve({ filter: /^@theme(-original|-init)?\// }, async (args) => {
    if ((args.pluginData as { [ours]?: true } | undefined)?.[ours]) return undefined;
    const [, original, name = ''] = /^@theme(-original|-init)?\/(.+)$/.exec(args.path)!;
    const own = original ? undefined : siteThemeFile(siteDir, name);
    // A swizzled component that imports `@theme/X` of its own name means ours, as `@theme-original/X`.
    if (own && own !== args.importer) {
      return passOn(
        await build.resolve(own, { kind: args.kind, importer: args.importer, resolveDir: args.resolveDir }),
      );
    }
    const fromPage = isPage(args.importer) || args.namespace === namespace;
    const table = fromPage ? pageTheme : isSiteScript(args.importer) ? siteTheme : undefined;
    const part = /^MDXComponents\/(\w+)$/.exec(name)?.[1];
    if (table && (name in table || part)) return { path: `${fromPage ? 'page' : 'site'}:${name}`, namespace };
    if (!original) return undefined;
    return passOn(
      await build.resolve(`@theme/${name}`, {
        kind: args.kind,
        importer: args.importer,
        resolveDir: args.resolveDir,
        pluginData: { [ours]: true },
      }),
    );
  });
  build.onLoad({ filter: /.*/, namespace }, (args) => {
    const [side, name = ''] = args.path.split(':') as ['page' | 'site', string];
    const dir = side === 'page' ? pageModules : siteModules;
    const part = /^MDXComponents\/(\w+)$/.exec(name)?.[1];
    if (part) {
      // `@theme/MDXComponents/Code`: the entry of the MDXComponents object (`code`, `Heading`).
      const key = part === 'Heading' ? part : part[0]!.toLowerCase() + part.slice(1);
      const [file] = (side === 'page' ? pageTheme : siteTheme).MDXComponents!;
      return {
        contents: `import all from ${JSON.stringify(join(dir, file))};\nexport default all[${JSON.stringify(key)}];`,
        loader: 'js',
        resolveDir: dir,
      };
    }
    const [file, exported] = (side === 'page' ? pageTheme : siteTheme)[name]!;
    return {
      contents: `export { ${exported} as default } from ${JSON.stringify(join(dir, file))};`,
      loader: 'js',
      resolveDir: dir,
    };
  });
}

/**
 * The page bundle's aliases, and in every page's scope the site's MDXComponents (`own`, once it
 * bundles) and its own versions of our registered components (`themed`: themed-elements.ts).
 */
export function themeAliasesPlugin(siteDir: string, own?: string, themed: string[] = []): esbuild.Plugin {
  const swizzled = themed.filter((name) => (componentNames as readonly string[]).includes(name));
  return {
    name: 'self-docs-theme-aliases',
    setup(build) {
      themeAliases(build, siteDir);
      if (!own && swizzled.length === 0) return;
      build.onResolve({ filter: new RegExp(`^${componentsProvider}$`) }, () => ({
        path: 'provider',
        namespace: `${namespace}-provider`,
      }));
      build.onResolve({ filter: new RegExp(`^${siteMdxComponents}$`) }, () => ({
        path: own!,
        namespace: islandNamespace,
      }));
      // `self-docs-mdx/site-theme/Admonition`: the site's `src/theme/Admonition`, a site component.
      build.onResolve({ filter: new RegExp(`^${siteThemeModule}\\w+$`) }, (args) => ({
        path: siteThemeFile(siteDir, args.path.slice(siteThemeModule.length))!,
        namespace: islandNamespace,
      }));
      build.onResolve({ filter: new RegExp(`^${virtualPrefix}(page|site):`) }, (args) => ({
        path: args.path.slice(virtualPrefix.length),
        namespace,
      }));
      build.onLoad({ filter: /.*/, namespace: `${namespace}-provider` }, () => ({
        contents: providerSource(Boolean(own), swizzled),
        loader: 'js',
        resolveDir: siteDir,
      }));
    },
  };
}

/**
 * `useMDXComponents()` with the site's components: our registered components by name, or the
 * site's own version of one (`src/theme/Admonition`, for every `:::note`); then what the site's
 * MDXComponents adds or overrides (`Highlight`, `a`, `h2`), as Docusaurus gives MDX. What the site
 * takes from us (`...MDXComponents`, `@theme/Tabs`, `@theme/DocCardList`) stays ours: the
 * registered names, and the build-time versions of the theme components above.
 */
function providerSource(hasMdxComponents: boolean, swizzled: string[]): string {
  const content = (file: string) => JSON.stringify(join(contentComponents, file));
  const themed = Object.keys(pageTheme).filter((name) => name in siteTheme && name !== 'MDXComponents');
  return [
    hasMdxComponents ? `import * as siteModule from ${JSON.stringify(siteMdxComponents)};` : 'const siteModule = {};',
    ...swizzled.map((name) => `import swizzled$${name} from ${JSON.stringify(siteThemeModule + name)};`),
    `import ours from ${JSON.stringify(join(siteModules, siteTheme.MDXComponents![0]))};`,
    `import { Tabs, TabItem } from ${JSON.stringify(tabsModule)};`,
    `import { Admonition } from ${content('Admonition.tsx')};`,
    `import { CodeBlock } from ${content('CodeBlock.tsx')};`,
    `import { Details } from ${content('Details.tsx')};`,
    ...themed.flatMap((name) => [
      `import site$${name} from ${JSON.stringify(`${virtualPrefix}site:${name}`)};`,
      `import page$${name} from ${JSON.stringify(`${virtualPrefix}page:${name}`)};`,
    ]),
    `const registered = new Map([[Tabs, 'Tabs'], [TabItem, 'TabItem'], [Admonition, 'Admonition'], [CodeBlock, 'CodeBlock'], [Details, 'Details']]);`,
    `const buildTime = new Map([${themed.map((name) => `[site$${name}, page$${name}]`).join(', ')}]);`,
    `const components = ${JSON.stringify(Object.fromEntries(componentNames.map((name) => [name, name])))};`,
    ...swizzled.map((name) => `components.${name} = swizzled$${name};`),
    'const site = siteModule.default ?? siteModule;',
    'for (const [name, value] of Object.entries(site ?? {})) {',
    // An element override is a component; `ul: 'ul'` and what the site spreads from ours stay ours.
    "  if (value === undefined || value === null || typeof value === 'string' || value === ours[name]) continue;",
    '  components[name] = registered.get(value) ?? buildTime.get(value) ?? value;',
    '}',
    'export function useMDXComponents() { return components; }',
  ].join('\n');
}

function passOn(resolved: esbuild.ResolveResult): esbuild.OnResolveResult {
  if (resolved.errors.length > 0) return { errors: resolved.errors };
  return {
    path: resolved.path,
    namespace: resolved.namespace,
    external: resolved.external,
    sideEffects: resolved.sideEffects,
    pluginData: resolved.pluginData,
  };
}

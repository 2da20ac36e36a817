// Where the MDX sources come from during the esbuild run: pages (frontmatter blanked), imported
// partials (`_name.md`, never routes themselves), the `@site/` alias, the JSX runtime, and the
// components every page and partial is given.

import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { dirname, join, resolve } from 'node:path';
import type * as esbuild from 'esbuild';
import type { MarkdownDialect } from '../../../client/contract/site-config.ts';
import { componentNames } from '../../../client/contract/page.ts';
import { blankLines, docBody, parseFrontmatter, type SourceDoc } from '../sources/discover.ts';
import { defaultMarkdownDialect, isCommonMark } from './markdown/dialect.ts';
import { preprocessMarkdown } from './markdown/mdx-plugins.ts';
import type { LinkContext } from './link-context.ts';

const runtimePath = fileURLToPath(new URL('./jsx-runtime.ts', import.meta.url));

/** The module compiled MDX asks for its components (`useMDXComponents`). */
export const componentsProvider = 'self-docs-mdx/components';

/** The @mdx-js/esbuild options that pick MDX or CommonMark by extension. */
export function markdownExtensions(dialect: MarkdownDialect): { mdExtensions: string[]; mdxExtensions: string[] } {
  if (dialect.format === 'md') return { mdExtensions: ['.md', '.mdx'], mdxExtensions: [] };
  if (dialect.format === 'detect') return { mdExtensions: ['.md'], mdxExtensions: ['.mdx'] };
  return { mdExtensions: [], mdxExtensions: ['.md', '.mdx'] };
}

/** A page's or partial's body (frontmatter blanked) with Docusaurus syntax adapted for MDX. */
export function prepareMarkdown(file: string, body: string, context: LinkContext): string {
  const dialect = context.markdown ?? defaultMarkdownDialect;
  return preprocessMarkdown(body, dialect, isCommonMark(file, dialect));
}

/**
 * Hand @mdx-js/esbuild the source with the frontmatter blanked and Docusaurus syntax adapted, or,
 * for a page already compiled to JavaScript (`compiled`, by file), that JavaScript.
 */
export function preprocessPlugin(
  byFile: Map<string, SourceDoc>,
  context: LinkContext,
  compiled: Map<string, string> = new Map(),
): esbuild.Plugin {
  const prepare = (file: string, body: string) => prepareMarkdown(file, body, context);
  return {
    name: 'self-docs-preprocess',
    setup(build) {
      build.onResolve({ filter: /^self-docs-mdx\/jsx-(dev-)?runtime$/ }, () => ({ path: runtimePath }));
      // `@site/docs/_partial.md`, as Docusaurus resolves it.
      build.onResolve({ filter: /^@site\// }, (args) =>
        build.resolve(join(context.siteDir, args.path.slice('@site/'.length)), {
          kind: args.kind,
          resolveDir: args.resolveDir,
          importer: args.importer,
          pluginData: args.pluginData,
        }),
      );
      build.onLoad({ filter: /\.mdx?$/ }, async (args) => {
        const code = compiled.get(args.path);
        return code === undefined ? undefined : { contents: code, loader: 'js', resolveDir: dirname(args.path) };
      });
      build.onResolve({ filter: /\.mdx?$/ }, async (args) => {
        const file = resolve(args.resolveDir, args.path);
        const doc = byFile.get(file);
        if (doc) return { path: file, pluginData: { contents: prepare(doc.file, docBody(doc)) } };
        // An imported partial: same dialect as a page, its frontmatter ignored as Docusaurus does.
        const raw = await readFile(file, 'utf8').catch(() => undefined);
        if (raw === undefined) return undefined;
        const { lines } = parseFrontmatter(raw, context.relPathOf(file));
        return { path: file, pluginData: { contents: prepare(file, blankLines(raw, lines)) } };
      });
    },
  };
}

/** `useMDXComponents()` returning every registered component by name, for pages and partials alike. */
export function componentsProviderPlugin(): esbuild.Plugin {
  const components = Object.fromEntries(componentNames.map((name) => [name, name]));
  return {
    name: 'self-docs-components',
    setup(build) {
      build.onResolve({ filter: /^self-docs-mdx\/components$/ }, (args) => ({
        path: args.path,
        namespace: 'self-docs-components',
      }));
      build.onLoad({ filter: /.*/, namespace: 'self-docs-components' }, () => ({
        contents: `const components = ${JSON.stringify(components)};\nexport function useMDXComponents() { return components; }`,
        loader: 'js',
      }));
    },
  };
}

// Compile one batch of pages with @mdx-js/esbuild in one esbuild run and evaluate each in Node
// with the serialising JSX runtime, keeping its element tree and its TOC. It runs in a compile
// thread (thread-main.ts) or, for small sites, in the build's own thread.

import { relative } from 'node:path';
import * as esbuild from 'esbuild';
import mdx from '@mdx-js/esbuild';
import { VFile } from 'vfile';
import type { PageHead, TocItem, TreeNode } from '../../../client/contract/page.ts';
import { BuildError } from '../errors.ts';
import { docBody, type SourceDoc } from '../sources/discover.ts';
import { tableOfContents } from './table-of-contents.ts';
import { browserOnlyFallbacks } from './checks/browser-only.ts';
import { unnamedTabQueries } from './checks/tab-queries.ts';
import { codeHighlighting } from './code/highlighter.ts';
import { highlightJsxCodeBlocks } from './code/jsx-code-blocks.ts';
import { pageContextDefine, pageImportsPlugin } from './page-imports.ts';
import { rehypeStaticTree, treeOrCode } from './direct.ts';
import { readCachedPage, writeCachedPage } from './cache.ts';
import { componentsProviderPlugin, prepareMarkdown, preprocessPlugin } from './mdx-sources.ts';
import { cssModulesPlugin } from './islands/css-modules.ts';
import { sassPlugin } from '../assets/sass-stylesheets.ts';
import { staticRootUrls } from '../assets/static-root-urls.ts';
import { siteComponentOptions, siteComponentsPlugin } from './islands/plugin.ts';
import { siteMarkdownPlugin } from './islands/markdown-imports.ts';
import { pageReactPlugin } from './page-react.ts';
import { themeAliasesPlugin } from './theme-aliases.ts';
import { takePageHead } from '../../../client/site-modules/page-head.ts';
import { givenComponents, runPage } from './run-page.ts';
import { pageHead } from './page-head.ts';
import { svgComponentsPlugin } from './islands/svg-components.ts';
import { pageImagesPlugin } from './page-images.ts';
import type { LinkContext } from './link-context.ts';
import type { DocPagePlace } from './doc-page.ts';
import type { PreparedPage } from '../outputs/prepared-page.ts';
import { compileFailure, isBuildFailure } from './compile-failure.ts';
import { formatAwareProcessor, mdxCompileOptions } from './mdx-options.ts';

/** A page of the batch and its place in the whole list of docs. */
export interface BatchEntry {
  index: number;
  doc: SourceDoc;
  /** Its page's place: the page is then made ready to store where it compiles (prepare-pages.ts). */
  place?: DocPagePlace;
}

export interface CompiledPage {
  index: number;
  tree: TreeNode[];
  toc: TocItem[];
  /** Built straight from the page's hast (all literals), not by running its compiled code. */
  direct: boolean;
  /** Taken from the compile cache: an earlier build compiled the page in the same context. */
  fromCache?: true;
  /** What the page's `<Head>` sets (built pages only: a page straight from its hast has none). */
  head?: PageHead;
  /** The page ready to store, for an entry with a place; its tree and TOC are then left empty. */
  prepared?: PreparedPage;
}

export interface BatchOutcome {
  pages: CompiledPage[];
  /** Pages that failed to compile or render: the build fails with these. */
  errors: BuildError[];
}

/**
 * Compiles the batch; link and image problems go to `context.diagnostics`, referenced images to
 * `context.media`. A page that fails is reported in `errors` and left out of `pages`.
 */
export async function compileBatch(
  entries: BatchEntry[],
  context: LinkContext,
  options: { direct?: boolean } = {},
): Promise<BatchOutcome> {
  const highlighting = await codeHighlighting();
  const mdxOptions = mdxCompileOptions(context, highlighting);
  const outcome: BatchOutcome = { pages: [], errors: [] };
  // What every page's tree goes through once built, however it was built.
  const finish = async (tree: TreeNode[], doc: SourceDoc) => {
    const { tree: shown, warning } = browserOnlyFallbacks(tree, doc);
    if (warning) context.diagnostics.warnings.push(warning);
    context.diagnostics.errors.push(...unnamedTabQueries(shown, doc));
    return highlightJsxCodeBlocks(shown, highlighting);
  };

  // Each page is processed once, here: pages whose tree is all literals are done; the rest keep the
  // JavaScript MDX made of them, which esbuild bundles with their imports and the page then runs.
  const needCode: BatchEntry[] = [];
  const code = new Map<string, string>();
  if (options.direct === false) needCode.push(...entries);
  else {
    const process = formatAwareProcessor({
      ...mdxOptions,
      rehypePlugins: [...mdxOptions.rehypePlugins, [rehypeStaticTree, context.themedElements ?? []]],
    });
    const { compileCache } = context;
    const batchMedia = context.media;
    for (const entry of entries) {
      const { doc } = entry;
      const cached = compileCache && readCachedPage(compileCache, doc);
      if (cached) {
        for (const [file, url] of cached.media) if (!batchMedia.has(file)) batchMedia.set(file, url);
        outcome.pages.push({ index: entry.index, tree: cached.tree, toc: cached.toc, direct: true, fromCache: true });
        continue;
      }
      const problems = { errors: context.diagnostics.errors.length, warnings: context.diagnostics.warnings.length };
      // Each page notes its own images, so that its cache entry carries them.
      const pageMedia = new Map<string, string>();
      context.media = pageMedia;
      try {
        const processed = await treeOrCode(
          process,
          new VFile({ path: doc.file, value: prepareMarkdown(doc.file, docBody(doc), context) }),
        );
        if ('tree' in processed) {
          const tree = await finish(processed.tree, doc);
          const page = { tree, toc: tableOfContents(tree), media: [...pageMedia] };
          outcome.pages.push({ index: entry.index, tree: page.tree, toc: page.toc, direct: true });
          const clean =
            context.diagnostics.errors.length === problems.errors &&
            context.diagnostics.warnings.length === problems.warnings;
          const unkept = compileCache && clean ? writeCachedPage(compileCache, doc, page) : undefined;
          if (unkept) context.diagnostics.warnings.push(unkept);
        } else {
          code.set(doc.file, processed.code);
          needCode.push(entry);
        }
      } catch {
        // A page MDX cannot read: @mdx-js/esbuild reads it again to report it, link problems and all.
        context.diagnostics.errors.length = problems.errors;
        context.diagnostics.warnings.length = problems.warnings;
        needCode.push(entry);
      } finally {
        context.media = batchMedia;
        for (const [file, url] of pageMedia) if (!batchMedia.has(file)) batchMedia.set(file, url);
      }
    }
  }
  if (needCode.length === 0) return outcome;

  const byFile = new Map(needCode.map(({ doc }) => [doc.file, doc]));
  const given = givenComponents(context.themedElements);
  let result: esbuild.BuildResult<{ write: false }>;
  try {
    result = await esbuild.build({
      entryPoints: needCode.map(({ doc }) => doc.file),
      bundle: true,
      write: false,
      // A script that returns the page as a value: evaluated with `new Function`, its code is
      // garbage once the tree is built (an imported module would stay loaded until exit).
      format: 'iife',
      globalName: 'page',
      platform: 'node',
      outdir: '/mdx-out',
      outbase: context.docsDir,
      logLevel: 'silent',
      define: pageContextDefine(context.pageContext),
      ...siteComponentOptions,
      plugins: [
        themeAliasesPlugin(context.siteDir, context.siteMdxComponents, context.themedElements),
        pageReactPlugin(),
        siteComponentsPlugin(context.siteDir),
        siteMarkdownPlugin(),
        svgComponentsPlugin,
        pageImagesPlugin(context),
        cssModulesPlugin(context.siteDir),
        sassPlugin(context.siteDir),
        staticRootUrls,
        preprocessPlugin(byFile, context, code),
        pageImportsPlugin(),
        componentsProviderPlugin(),
        mdx(mdxOptions),
      ],
    });
  } catch (error) {
    if (!isBuildFailure(error)) throw error;
    outcome.errors.push(...compileFailure(error, context));
    return outcome;
  }

  const outputs = new Map(result.outputFiles.map((output) => [output.path, output.text]));
  for (const { index, doc } of needCode) {
    const outPath = `/mdx-out/${relative(context.docsDir, doc.file).replace(/\.mdx?$/, '.js')}`;
    const pageCode = outputs.get(outPath);
    outputs.delete(outPath);
    if (pageCode === undefined) {
      outcome.errors.push(
        new BuildError(
          doc.relPath,
          undefined,
          'esbuild produced no output for this page',
          'report this as a bug of the build',
        ),
      );
      continue;
    }
    try {
      const built = runPage(pageCode, doc, context, given);
      const head = pageHead(doc, context);
      const tree = await finish(built, doc);
      outcome.pages.push({ index, tree, toc: tableOfContents(tree), direct: false, ...(head ? { head } : {}) });
    } catch (error) {
      takePageHead();
      if (!(error instanceof BuildError)) throw error;
      outcome.errors.push(error);
    }
  }
  return outcome;
}

// The MDX options every page and partial is compiled with, and the processor that picks CommonMark
// or MDX by a file's extension.

import { extname } from 'node:path';
import { createProcessor, type ProcessorOptions } from '@mdx-js/mdx';
import type { PluggableList } from 'unified';
import type { VFile } from 'vfile';
import remarkDirective from 'remark-directive';
import remarkGfm from 'remark-gfm';
import type { CodeHighlighting } from './code/highlighter.ts';
import { rehypeCodeFences } from './code/fence-highlight.ts';
import { remarkGfmAutolinkGuard } from './markdown/gfm-autolink-guard.ts';
import { remarkGfmTableGuard } from './markdown/gfm-table-guard.ts';
import { rehypeTocExport } from './markdown/toc-export.ts';
import { rehypeCommonMarkHtml } from './markdown/commonmark-html.ts';
import { defaultMarkdownDialect } from './markdown/dialect.ts';
import { componentsProvider, markdownExtensions } from './mdx-sources.ts';
import { remarkNpm2Yarn } from './markdown/npm2yarn.ts';
import { noSitePlugins, sitePluggables } from './markdown/site-plugins.ts';
import { rehypeMermaid } from './markdown/mermaid.ts';
import { remarkUnwrapMdxCodeBlocks } from './markdown/mdx-code-blocks.ts';
import { recmaPageDefinedComponents } from './markdown/page-defined-components.ts';
import { rehypeHeadingIds, rehypeLinksAndImages, remarkAdmonitions } from './markdown/mdx-plugins.ts';
import type { LinkContext } from './link-context.ts';

/** The MDX options every page and partial is compiled with, directly or through esbuild. */
export function mdxCompileOptions(context: LinkContext, highlighting: CodeHighlighting) {
  const site = context.sitePlugins ?? noSitePlugins;
  return {
    jsxImportSource: 'self-docs-mdx',
    // Partials rendered inside a page get the registered components from here too.
    providerImportSource: componentsProvider,
    // Docusaurus parses .md as MDX too, unless `markdown.format` says otherwise.
    ...markdownExtensions(context.markdown ?? defaultMarkdownDialect),
    // The site's plugins where Docusaurus runs them: `beforeDefault…` first, the others after ours,
    // but before code highlighting, which Docusaurus does in the browser (rehype-katex reads math
    // as `<code class="language-math">`).
    remarkPlugins: [
      ...sitePluggables(site.beforeDefaultRemarkPlugins),
      remarkUnwrapMdxCodeBlocks,
      remarkGfm,
      remarkGfmAutolinkGuard,
      remarkGfmTableGuard,
      remarkDirective,
      remarkAdmonitions,
      remarkNpm2Yarn,
      ...sitePluggables(site.remarkPlugins),
    ] as PluggableList,
    rehypePlugins: [
      rehypeCommonMarkHtml,
      [rehypeMermaid, context.markdown?.mermaid],
      ...sitePluggables(site.beforeDefaultRehypePlugins),
      rehypeHeadingIds,
      rehypeTocExport,
      [rehypeLinksAndImages, context],
      ...sitePluggables(site.rehypePlugins),
      [rehypeCodeFences, highlighting],
    ] as PluggableList,
    recmaPlugins: [recmaPageDefinedComponents],
  };
}

/**
 * Processes a file as CommonMark or as MDX by its extension (`mdExtensions`), as @mdx-js/esbuild
 * does, with one processor of each kind made on first use.
 */
export function formatAwareProcessor(options: ProcessorOptions & { mdExtensions: string[] }) {
  const {
    mdExtensions,
    mdxExtensions: _mdxExtensions,
    ...shared
  } = options as typeof options & {
    mdxExtensions?: string[];
  };
  const processors: { md?: ReturnType<typeof createProcessor>; mdx?: ReturnType<typeof createProcessor> } = {};
  return (file: VFile) => {
    const format = mdExtensions.includes(extname(file.path)) ? 'md' : 'mdx';
    const processor = (processors[format] ??= createProcessor({ ...shared, format }));
    return processor.process(file);
  };
}

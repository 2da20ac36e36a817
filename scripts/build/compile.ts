// Compile every page with @mdx-js/esbuild in one esbuild run, evaluate each in Node
// with the serialising JSX runtime and keep the element tree, its TOC and its plain text.

import { relative } from 'node:path';
import { readFileSync } from 'node:fs';
import * as esbuild from 'esbuild';
import mdx from '@mdx-js/esbuild';
import remarkDirective from 'remark-directive';
import remarkGfm from 'remark-gfm';
import rehypeShikiFromHighlighter from '@shikijs/rehype/core';
import { createHighlighter } from 'shiki';
import { loadCodeThemes } from './code-themes.ts';
import type { TocItem, TreeNode } from '../../client/model.ts';
import { componentNames } from '../../client/components/registry-names.ts';
import { BuildError, BuildErrors } from './errors.ts';
import type { SourceDoc } from './discover.ts';
import { flatten } from './jsx-runtime.ts';
import { codeLinesTransformer } from './code-fences.ts';
import { defaultMarkdownDialect } from './markdown-dialect.ts';
import { componentsProvider, componentsProviderPlugin, markdownExtensions, preprocessPlugin } from './mdx-sources.ts';
import { remarkNpm2Yarn } from './npm2yarn.ts';
import { rehypeCommonMarkHtml } from './commonmark-html.ts';
import {
  parseCodeMeta,
  rehypeHeadingIds,
  rehypeLinksAndImages,
  remarkAdmonitions,
  type LinkContext,
} from './mdx-plugins.ts';

export interface CompiledDoc {
  doc: SourceDoc;
  tree: TreeNode[];
  toc: TocItem[];
}

const preloadedLanguages = [
  'bash',
  'shell',
  'json',
  'ts',
  'tsx',
  'js',
  'jsx',
  'rust',
  'python',
  'go',
  'yaml',
  'toml',
  'text',
  'markdown',
  'html',
  'css',
  'solidity',
  'sql',
  'diff',
];

let highlighting: ReturnType<typeof createCodeHighlighter> | undefined;

async function createCodeHighlighter() {
  const codeThemes = await loadCodeThemes();
  const highlighter = await createHighlighter({ themes: Object.values(codeThemes), langs: preloadedLanguages });
  return { highlighter, themes: { light: codeThemes.light.name!, dark: codeThemes.dark.name! } };
}

export async function compileDocs(docs: SourceDoc[], context: LinkContext): Promise<CompiledDoc[]> {
  highlighting ??= createCodeHighlighter();
  const { highlighter, themes } = await highlighting;
  const byFile = new Map(docs.map((doc) => [doc.file, doc]));

  const result = await esbuild
    .build({
      entryPoints: docs.map((doc) => doc.file),
      bundle: true,
      write: false,
      format: 'esm',
      platform: 'node',
      outdir: '/mdx-out',
      outbase: context.siteDir,
      logLevel: 'silent',
      plugins: [
        preprocessPlugin(byFile, context),
        themeImportsPlugin(),
        componentsProviderPlugin(),
        mdx({
          jsxImportSource: 'self-docs-mdx',
          // Partials rendered inside a page get the registered components from here too.
          providerImportSource: componentsProvider,
          // Docusaurus parses .md as MDX too, unless `markdown.format` says otherwise.
          ...markdownExtensions(context.markdown ?? defaultMarkdownDialect),
          remarkPlugins: [remarkGfm, remarkDirective, remarkAdmonitions, remarkNpm2Yarn],
          rehypePlugins: [
            rehypeCommonMarkHtml,
            rehypeHeadingIds,
            [rehypeLinksAndImages, context],
            [
              rehypeShikiFromHighlighter,
              highlighter,
              {
                themes,
                defaultColor: false,
                defaultLanguage: 'text',
                fallbackLanguage: 'text',
                lazy: true,
                parseMetaString: parseCodeMeta,
                // Tokenizing a line may otherwise stop after 500 ms and leave the rest plain: a busy
                // machine would then build other markup, so another build id, from the same content.
                tokenizeTimeLimit: 0,
                transformers: [codeTitleTransformer, codeLinesTransformer],
              },
            ],
          ],
        }),
      ],
    })
    .catch((failure: esbuild.BuildFailure) => {
      throw compileFailure(failure, context);
    });

  const outputs = new Map(result.outputFiles.map((output) => [output.path, output.text]));
  const compiled: CompiledDoc[] = [];
  for (const doc of docs) {
    const outPath = `/mdx-out/${relative(context.siteDir, doc.file).replace(/\.mdx?$/, '.js')}`;
    const code = outputs.get(outPath);
    if (code === undefined)
      throw new BuildError(
        doc.relPath,
        undefined,
        'esbuild produced no output for this page',
        'report this as a bug of the build',
      );
    const tree = await evaluate(code, doc);
    compiled.push({ doc, tree, toc: tableOfContents(tree) });
  }
  return compiled;
}

/** `import Tabs from '@theme/Tabs'` in Docusaurus pages resolves to our registered component. */
function themeImportsPlugin(): esbuild.Plugin {
  return {
    name: 'self-docs-theme-imports',
    setup(build) {
      build.onResolve({ filter: /^@theme\// }, (args) => {
        const name = args.path.slice('@theme/'.length);
        if (!(componentNames as readonly string[]).includes(name)) {
          return {
            errors: [
              {
                text: `unknown component ${args.path}; registered: ${componentNames.map((n) => `@theme/${n}`).join(', ')}`,
              },
            ],
          };
        }
        return { path: name, namespace: 'theme-component' };
      });
      build.onLoad({ filter: /.*/, namespace: 'theme-component' }, (args) => ({
        contents: `export default ${JSON.stringify(args.path)};`,
        loader: 'js',
      }));
    },
  };
}

const codeTitleTransformer = {
  name: 'self-docs-code-title',
  pre(
    this: { options: { meta?: Record<string, unknown>; lang?: string } },
    node: { properties: Record<string, unknown> },
  ) {
    const meta = this.options.meta ?? {};
    if (typeof meta.title === 'string') node.properties['data-title'] = meta.title;
    if (this.options.lang) node.properties['data-language'] = this.options.lang;
  },
};

async function evaluate(code: string, doc: SourceDoc): Promise<TreeNode[]> {
  const module = (await import(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`)) as {
    default: (props: { components: Record<string, string> }) => unknown;
  };
  const components = Object.fromEntries(componentNames.map((name) => [name, name]));
  try {
    return flatten(module.default({ components }));
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const missing = /Expected component `(\w+)`/.exec(message);
    if (missing) {
      const line = doc.raw.split('\n').findIndex((l) => l.includes(`<${missing[1]}`)) + 1;
      throw new BuildError(
        doc.relPath,
        line || undefined,
        `unknown component <${missing[1]}>`,
        `use one of the registered components (${componentNames.join(', ')}) or plain HTML`,
      );
    }
    throw new BuildError(
      doc.relPath,
      undefined,
      `the page failed to render: ${message}`,
      'fix the JSX expression named in the message',
    );
  }
}

function compileFailure(failure: esbuild.BuildFailure, context: LinkContext): Error {
  const errors = failure.errors.map((message) => {
    const file = message.location?.file ? context.relPathOf(message.location.file) : 'content';
    const cause = (message.detail as { cause?: { reason?: string; line?: number } } | undefined)?.cause;
    const text = cause?.reason ?? message.text.split('\n').at(-1)!.trim();
    const range = /\((\d+):\d+-\d+:\d+\)/.exec(text);
    let line = cause?.line ?? (range ? Number(range[1]) : message.location?.line || undefined);
    if (message.location?.lineText && /^import /.test(message.location.lineText) && message.location.file) {
      // An import line is reported in the compiled code: find it in the source.
      const raw = readFileSync(message.location.file, 'utf8').split('\n');
      line = raw.findIndex((l: string) => l.includes(message.location!.lineText.trim())) + 1 || line;
    }
    return new BuildError(file, line, `MDX syntax error: ${text}`, mdxFix(text));
  });
  return errors.length === 1 ? errors[0]! : new BuildErrors(errors);
}

function mdxFix(text: string): string {
  if (/Unexpected character|Could not parse expression|acorn|brace/i.test(text))
    return 'in prose, escape { and } as \\{ and \\}, and < as &lt;; in JSX, check the expression';
  if (/Expected a closing tag|Unexpected closing|end tag/i.test(text))
    return 'close every JSX/HTML tag, and leave blank lines around Markdown inside HTML blocks';
  return 'fix the Markdown/JSX at that line (pages are MDX: HTML must be valid JSX)';
}

/** h2 and h3 at any depth, in document order. */
export function tableOfContents(tree: TreeNode[]): TocItem[] {
  const toc: TocItem[] = [];
  const walk = (nodes: TreeNode[]) => {
    for (const node of nodes) {
      if (typeof node === 'string') continue;
      if ((node.t === 'h2' || node.t === 'h3') && typeof node.p?.id === 'string') {
        toc.push({ id: node.p.id, text: textOf(node), level: node.t === 'h2' ? 2 : 3 });
      } else if (node.c) walk(node.c);
    }
  };
  walk(tree);
  return toc;
}

export function textOf(node: TreeNode): string {
  if (typeof node === 'string') return node;
  return (node.c ?? []).map(textOf).join('');
}

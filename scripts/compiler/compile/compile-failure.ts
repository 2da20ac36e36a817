// An esbuild failure of a batch of pages, as the build reports it: file, line, what is wrong and
// the fix, for MDX syntax, imports, missing packages and a site component's stylesheets.

import { readFileSync } from 'node:fs';
import type * as esbuild from 'esbuild';
import { BuildError } from '../errors.ts';
import type { ImportProblem } from './page-imports.ts';
import type { LinkContext } from './link-context.ts';

export function isBuildFailure(error: unknown): error is esbuild.BuildFailure {
  return error instanceof Error && Array.isArray((error as Partial<esbuild.BuildFailure>).errors);
}

export function compileFailure(failure: esbuild.BuildFailure, context: LinkContext): BuildError[] {
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
    const unknownImport = message.detail as Partial<ImportProblem> | undefined;
    if (unknownImport?.problem && unknownImport.fix) {
      return new BuildError(file, line, unknownImport.problem, unknownImport.fix);
    }
    const missingPackage = /^Could not resolve "([^"]+)"/.exec(text)?.[1];
    if (missingPackage && isPackageName(missingPackage)) {
      return new BuildError(
        file,
        line,
        `package "${missingPackage}" is not installed in the site folder`,
        "install the site's dependencies (npm install in the site folder), or remove the import",
      );
    }
    if (message.location?.file && stylesheetFile.test(message.location.file)) {
      return new BuildError(
        file,
        message.location.line || undefined,
        `stylesheet error: ${text}`,
        'fix the CSS at that line (in a CSS module, `composes` must name a class of a file that exists; Sass must compile with the `sass` package)',
      );
    }
    return new BuildError(file, line, `MDX syntax error: ${text}`, mdxFix(text));
  });
  return errors;
}

/** A stylesheet a site component imports: its own errors are not the page's MDX. */
const stylesheetFile = /\.(css|s[ac]ss)$/;

/** `react-dom`, `@scope/pkg/sub`: a bare import, looked up in node_modules, not a path. */
function isPackageName(specifier: string): boolean {
  return !/^(\.{1,2}\/|\/|@site\/)/.test(specifier);
}

function mdxFix(text: string): string {
  if (/only import\/exports are supported/.test(text))
    return 'begin the declaration with `export` (`export function X() {…}`): at the top of an MDX page only import and export statements are code';
  if (/^Could not resolve/.test(text))
    return 'point the import at a file that exists, relative to this page (or @site/…), or remove it';
  if (/Unexpected character|Could not parse expression|acorn|brace/i.test(text))
    return 'in prose, escape { and } as \\{ and \\}, and < as &lt;; in JSX, check the expression';
  if (/Expected a closing tag|Unexpected closing|end tag/i.test(text))
    return 'close every JSX/HTML tag, and leave blank lines around Markdown inside HTML blocks';
  return 'fix the Markdown/JSX at that line (pages are MDX: HTML must be valid JSX)';
}

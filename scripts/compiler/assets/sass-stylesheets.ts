// Sass stylesheets (`.scss`, `.sass`), as docusaurus-plugin-sass gives a Docusaurus site: compiled
// by the `sass` package into CSS, which esbuild then bundles like any other stylesheet (its
// `url()`s resolved from the file's own folder). `@import '~package/x'`, webpack's way of naming a
// package, is read from the site's node_modules, as sass-loader reads it.

import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type * as esbuild from 'esbuild';
import type * as Sass from 'sass';

/**
 * The `sass` package, loaded on the first Sass stylesheet: most sites have none, and loading it
 * costs every compile thread, which bundles with this plugin, about a second of CPU for nothing.
 */
let loaded: Promise<typeof Sass> | undefined;
const loadSass = () => (loaded ??= import('sass'));

/** `loader`: `local-css` where the stylesheet is a CSS module (its class names made local). */
export function sassPlugin(siteDir: string, loader: 'css' | 'local-css' = 'css'): esbuild.Plugin {
  const nodeModules = join(siteDir, 'node_modules');
  const tilde: Sass.FileImporter<'async'> = {
    findFileUrl: (url) => (url.startsWith('~') ? pathToFileURL(join(nodeModules, url.slice(1))) : null),
  };
  return {
    name: 'self-docs-sass',
    setup(build) {
      build.onLoad({ filter: /\.s[ac]ss$/, namespace: 'file' }, async (args) => {
        const sass = await loadSass();
        try {
          const result = await sass.compileAsync(args.path, {
            loadPaths: [nodeModules],
            importers: [tilde],
            // Deprecation notes are the stylesheet author's business, not the build's output.
            logger: sass.Logger.silent,
          });
          return {
            contents: result.css,
            loader,
            resolveDir: dirname(args.path),
            watchFiles: result.loadedUrls.filter((url) => url.protocol === 'file:').map((url) => fileURLToPath(url)),
          };
        } catch (error) {
          if (!(error instanceof sass.Exception)) throw error;
          const { span } = error;
          const file = span.url?.protocol === 'file:' ? fileURLToPath(span.url) : args.path;
          return {
            errors: [
              {
                text: error.sassMessage,
                location: { file, line: span.start.line + 1, column: span.start.column, lineText: span.context ?? '' },
              },
            ],
          };
        }
      });
    },
  };
}

// An image a page imports or requires (`import shot from './shot.png'`,
// `<img src={require('@site/static/img/a.png').default} />`) is its URL, as webpack's file loader
// gives it under Docusaurus: the hashed /assets/media/ URL a Markdown image of the same file gets,
// and the file is written with the build's other media. A path from the root is looked up as
// Docusaurus's webpack looks it up (`resolve.roots`): in the static folder, then in the site folder,
// so `/img/a.png` and `/static/img/a.png` both name `static/img/a.png`. SVG files are left to the
// SVG plugin, which makes them components as Docusaurus does.

import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type * as esbuild from 'esbuild';
import { mediaUrl, type LinkContext } from './link-context.ts';

const imageFile = /\.(png|jpe?g|gif|webp|avif|bmp|ico)(\?.*)?$/i;
const namespace = 'self-docs-page-image';

export function pageImagesPlugin(context: LinkContext): esbuild.Plugin {
  return {
    name: 'self-docs-page-images',
    setup(build) {
      build.onResolve({ filter: imageFile }, (args) => {
        if (!/\.mdx?$/.test(args.importer)) return undefined;
        const file = imagePath(args.path.replace(/\?.*$/, ''), args.resolveDir, context);
        return file ? { path: file, namespace } : undefined;
      });
      build.onLoad({ filter: /.*/, namespace }, (args) => {
        // Read when the page loads: the batch's media map is the one in the context then.
        let url = context.media.get(args.path);
        if (!url) {
          url = mediaUrl(args.path);
          context.media.set(args.path, url);
        }
        return { contents: `export default ${JSON.stringify(url)};`, loader: 'js' };
      });
    },
  };
}

/** The file an image path names, or undefined (a package's file: esbuild resolves, or reports, it). */
function imagePath(path: string, resolveDir: string, context: LinkContext): string | undefined {
  const decoded = safeDecode(path);
  if (decoded.startsWith('@site/')) return join(context.siteDir, decoded.slice('@site/'.length));
  if (decoded.startsWith('/')) {
    const roots = [context.staticDir, context.siteDir];
    return roots.map((root) => join(root, decoded)).find((file) => existsSync(file));
  }
  if (/^\.\.?\//.test(decoded)) return resolve(resolveDir, decoded);
  return undefined;
}

function safeDecode(path: string): string {
  try {
    return decodeURI(path);
  } catch {
    return path;
  }
}

// `import styles from './Counter.module.css'` (or `.module.scss`, compiled from Sass first) with
// class names that do not depend on the build: the build's render (a Node bundle) and the browser
// bundle (minified, where esbuild would shorten local names) must name each class alike, or the
// hydrated component loses its style. Each class becomes
// `<file>_<class>_<hash of the file's path in the site>`.

import { createHash } from 'node:crypto';
import { dirname, relative } from 'node:path';
import * as esbuild from 'esbuild';
import { sassPlugin } from '../../assets/sass-stylesheets.ts';

const namespace = 'self-docs-css-module';
/** A CSS module: `X.module.css`, or in Sass `X.module.scss` / `X.module.sass`. */
const moduleFile = /\.module\.(css|s[ac]ss)$/;

export function cssModulesPlugin(siteDir: string): esbuild.Plugin {
  return {
    name: 'self-docs-css-modules',
    setup(build) {
      build.onLoad({ filter: moduleFile, namespace: 'file' }, async (args) => {
        const compiled = await stylesheetOrErrors(args.path, siteDir);
        if ('errors' in compiled) return compiled;
        const { classes } = compiled;
        const stylesheet = JSON.stringify(args.path);
        return {
          contents: `import ${stylesheet};\nexport default ${JSON.stringify(classes)};`,
          loader: 'js',
          resolveDir: dirname(args.path),
        };
      });
      // The stylesheet the module above imports: its own path, in a namespace of its own.
      build.onResolve({ filter: moduleFile }, (args) =>
        moduleFile.test(args.importer) && args.namespace === 'file' ? { path: args.path, namespace } : undefined,
      );
      build.onLoad({ filter: /.*/, namespace }, async (args) => ({
        contents: (await globalCss(args.path, siteDir)).css,
        loader: 'css',
        resolveDir: dirname(args.path),
      }));
    },
  };
}

/**
 * The stylesheet, or what stops it compiling, as esbuild's own errors: reported at the stylesheet's
 * file and line, not at the import of the component that uses it.
 */
async function stylesheetOrErrors(file: string, siteDir: string) {
  try {
    return await globalCss(file, siteDir);
  } catch (error) {
    const errors = (error as Partial<esbuild.BuildFailure>).errors;
    if (!Array.isArray(errors) || errors.length === 0) throw error;
    return { errors: errors.map(({ text, location }) => ({ text, location })) };
  }
}

/** The stylesheet with its classes renamed, and the map from each class to its new name. */
async function globalCss(file: string, siteDir: string): Promise<{ css: string; classes: Record<string, string> }> {
  // esbuild reads the CSS (its own local names are `<file>_<class>`); only the names change here.
  const result = await esbuild.build({
    stdin: { contents: `export { default } from ${JSON.stringify(file)};`, resolveDir: dirname(file) },
    bundle: true,
    write: false,
    format: 'esm',
    outdir: '/css-module',
    loader: { '.css': 'local-css' },
    logLevel: 'silent',
    plugins: [leaveUrlsAlone, sassPlugin(siteDir, 'local-css')],
  });
  const js = result.outputFiles.find((output) => output.path.endsWith('.js'))!.text;
  const exported = /var \w+ = (\{[\s\S]*?\});/.exec(js)?.[1] ?? '{}';
  const local = new Function(`return ${exported};`)() as Record<string, string>;
  const suffix = createHash('sha256').update(relative(siteDir, file)).digest('hex').slice(0, 6);
  let css = result.outputFiles.find((output) => output.path.endsWith('.css'))?.text ?? '';
  const classes: Record<string, string> = {};
  for (const [name, localName] of Object.entries(local)) {
    classes[name] = `${localName}_${suffix}`;
    css = css.replace(new RegExp(`\\.${localName}(?![\\w-])`, 'g'), `.${classes[name]}`);
  }
  return { css, classes };
}

/** Images and fonts a CSS module names stay as they are, resolved by the build that imports it. */
const leaveUrlsAlone: esbuild.Plugin = {
  name: 'leave-urls-alone',
  setup(build) {
    build.onResolve({ filter: /.*/ }, (args) =>
      args.kind === 'url-token' ? { path: args.path, external: true } : undefined,
    );
  },
};

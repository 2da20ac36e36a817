// A site's own `src/theme/MDXComponents` is part of every page's bundle (theme-aliases.ts), so one
// import in it that cannot be bundled would fail every page. It is tried once, on its own, before
// the pages compile: when it does not bundle, the build says why, once, and pages keep our components.

import { join, relative, resolve } from 'node:path';
import * as esbuild from 'esbuild';
import { BuildError } from '../errors.ts';
import { cssModulesPlugin } from './islands/css-modules.ts';
import { sassPlugin } from '../assets/sass-stylesheets.ts';
import {
  imagesInSiteScripts,
  jsxInSiteScripts,
  resolveDocusaurusInSiteModules,
  siteComponentOptions,
} from './islands/plugin.ts';
import { siteThemeFile, themeAliases } from './theme-aliases.ts';

export interface SiteMdxComponents {
  /** The module, absolute, when pages can use it. */
  file?: string;
  warning?: BuildError;
}

export async function siteMdxComponents(siteDir: string): Promise<SiteMdxComponents> {
  const file = siteThemeFile(siteDir, 'MDXComponents');
  if (!file) return {};
  try {
    await esbuild.build({
      entryPoints: [file],
      bundle: true,
      write: false,
      platform: 'node',
      logLevel: 'silent',
      outdir: '/mdx-components-check',
      ...siteComponentOptions,
      plugins: [
        cssModulesPlugin(siteDir),
        sassPlugin(siteDir),
        {
          name: 'self-docs-mdx-components-check',
          setup(build) {
            build.onResolve({ filter: /^react(-dom)?(\/.*)?$/ }, (args) => ({ path: args.path, external: true }));
            themeAliases(build, siteDir);
            resolveDocusaurusInSiteModules(build, siteDir);
            jsxInSiteScripts(build);
            imagesInSiteScripts(build);
            build.onResolve({ filter: /^@site\// }, (args) =>
              build.resolve(join(siteDir, args.path.slice('@site/'.length)), {
                kind: args.kind,
                resolveDir: args.resolveDir,
                importer: args.importer,
              }),
            );
          },
        },
      ],
    });
    return { file };
  } catch (error) {
    const first = (error as Partial<esbuild.BuildFailure>).errors?.[0];
    const where = first?.location;
    return {
      warning: new BuildError(
        relative(siteDir, where?.file ? resolve(where.file) : file),
        where?.line,
        `the site's MDXComponents is not used: ${first?.text ?? (error as Error).message}`,
        'pages are rendered with the engine’s components; make every import of src/theme/MDXComponents one the engine knows',
      ),
    };
  }
}

// `react` imported by a page or a partial is page-modules/react.ts: the page's own components run
// while its tree is built, with hooks that answer as on a first render. What site components
// import stays the build's real React (islands/plugin.ts).

import { fileURLToPath } from 'node:url';
import type * as esbuild from 'esbuild';

const pageReact = fileURLToPath(new URL('./page-modules/react.ts', import.meta.url));

export function pageReactPlugin(): esbuild.Plugin {
  return {
    name: 'self-docs-page-react',
    setup(build) {
      build.onResolve({ filter: /^react$/ }, (args) =>
        /\.mdx?$/.test(args.importer) ? { path: pageReact } : undefined,
      );
    },
  };
}

// `url(/img/…)` in a site's stylesheet names a file of static/, served at the site's root as it is
// (Docusaurus leaves such URLs to the static folder too): never a file for the bundler to resolve.

import type * as esbuild from 'esbuild';

export const staticRootUrls: esbuild.Plugin = {
  name: 'static-root-urls',
  setup(build) {
    build.onResolve({ filter: /^\/[^/]/ }, (args) =>
      args.kind === 'url-token' || args.kind === 'import-rule' ? { path: args.path, external: true } : undefined,
    );
  },
};

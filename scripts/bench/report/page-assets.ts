// What the report inlines so that it opens from disk with no network: uPlot's CSS, and the chart
// script bundled with uPlot into one classic script.

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';

export interface PageAssets {
  script: string;
  uplotCss: string;
}

let built: PageAssets | undefined;

export function pageAssets(): PageAssets {
  if (built) return built;
  const uplotDir = dirname(createRequire(import.meta.url).resolve('uplot/package.json'));
  const bundle = esbuild.buildSync({
    entryPoints: [join(dirname(fileURLToPath(import.meta.url)), 'draw-charts.ts')],
    bundle: true,
    write: false,
    format: 'iife',
    target: 'es2020',
    minify: true,
    legalComments: 'eof',
    banner: { js: `/* uPlot ${uplotVersion(uplotDir)}, (c) Leon Sorokin, MIT licensed */` },
    logLevel: 'silent',
  });
  const script = bundle.outputFiles[0]!.text;
  // Inlined in a <script> element, which its own text must not end.
  if (/<\/script/i.test(script)) throw new Error('the chart script contains "</script": it cannot be inlined');
  built = {
    script,
    uplotCss: readFileSync(join(uplotDir, 'dist', 'uPlot.min.css'), 'utf8'),
  };
  return built;
}

function uplotVersion(dir: string): string {
  return (JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { version: string }).version;
}

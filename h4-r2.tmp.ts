import * as esbuild from 'esbuild';
import { gzipSync } from 'node:zlib';
const r = await esbuild.build({ entryPoints: [process.argv[2]!], bundle: true, format: 'esm', splitting: true, outdir: '/o', platform: 'browser', target: ['es2022'], minify: true, write: false, define: { 'process.env.NODE_ENV': '"production"' }, jsx: 'automatic', logLevel: 'silent', loader: { '.woff2': 'file', '.css': 'empty' } });
for (const f of r.outputFiles) if (f.path.endsWith('.js')) console.log(f.path, f.contents.length, gzipSync(f.contents, { level: 6 }).length);

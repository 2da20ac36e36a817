import * as esbuild from 'esbuild';
import { gzipSync } from 'node:zlib';
const src = process.argv[2]!;
const r = await esbuild.build({ stdin: { contents: src, resolveDir: process.cwd(), loader: 'tsx' }, bundle: true, format: 'esm', platform: 'browser', target: ['es2022'], minify: true, write: false, define: { 'process.env.NODE_ENV': '"production"' }, jsx: 'automatic', logLevel: 'silent' });
const b = r.outputFiles[0]!.contents; console.log(b.length, gzipSync(b, { level: 6 }).length);

// `npm run corpus -- --pages N --out DIR [--seed S] [--shape SHAPE] [--no-generated-index]`: writes
// a generated Docusaurus-style site of N pages (scripts/bench/corpus.ts) to DIR, its big sidebar of
// the given shape (scripts/bench/corpus-shapes.ts), to build or serve by hand.

import { resolve } from 'node:path';
import { generateCorpus } from './bench/corpus.ts';
import { corpusShapes, parseShape, shapeDescriptions } from './bench/corpus-shapes.ts';

const argv = process.argv.slice(2);
const value = (flag: string) => {
  const index = argv.indexOf(flag);
  return index === -1 ? undefined : argv[index + 1];
};
const pages = Number(value('--pages') ?? 200);
const out = resolve(value('--out') ?? `dist/corpus-${pages}`);
const seed = Number(value('--seed') ?? 1);
const shapeText = value('--shape') ?? 'nested';
if (
  !Number.isInteger(pages) ||
  pages < 10 ||
  !Number.isInteger(seed) ||
  !(corpusShapes as readonly string[]).includes(shapeText)
) {
  console.error(
    'usage: npm run corpus -- --pages N (at least 10) --out DIR [--seed S] [--shape SHAPE] [--no-generated-index]\n' +
      corpusShapes.map((name) => `  --shape ${name}: ${shapeDescriptions[name]}`).join('\n'),
  );
  process.exit(2);
}
const summary = await generateCorpus(out, {
  pages,
  seed,
  shape: parseShape(shapeText),
  generatedIndex: !argv.includes('--no-generated-index'),
});
console.log(
  `wrote ${summary.pages} pages (${(summary.markdownBytes / 1024 / 1024).toFixed(1)} MB of Markdown) in ` +
    `${summary.categories} categories, ${summary.maxDepth} deep, to ${out}`,
);
console.log(`build it: npx tsx scripts/build.ts --content ${out} --out ${out}-dist`);

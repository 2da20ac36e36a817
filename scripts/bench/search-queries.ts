// Queries a reader of this very site could type: words ranked by how often the site's own
// Markdown uses them, mostly common ones, now and then a rare one, sometimes the last word still
// being typed. Every query is new, so the worker's search cache never answers one.

import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { between, functionWords, seededRandom } from './corpus-words.ts';

/** Words of the docs under `siteDir/docs`, most frequent first (code and frontmatter included). */
export async function siteWords(siteDir: string): Promise<string[]> {
  const counts = new Map<string, number>();
  const stop = new Set(functionWords);
  for (const entry of await readdir(join(siteDir, 'docs'), { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !/\.mdx?$/.test(entry.name)) continue;
    const text = await readFile(join(entry.parentPath, entry.name), 'utf8');
    for (const word of text.toLowerCase().match(/[a-z]{3,}/g) ?? []) {
      if (!stop.has(word)) counts.set(word, (counts.get(word) ?? 0) + 1);
    }
  }
  return [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([word]) => word);
}

/** An endless source of distinct queries over `words`, the same sequence for the same seed. */
export function queryStream(words: string[], seed = 7): () => string {
  if (words.length === 0) throw new Error('the site has no words to search for');
  const random = seededRandom(seed);
  const common = Math.max(1, Math.ceil(words.length * 0.05));
  const seen = new Set<string>();
  const word = () =>
    random() < 0.75
      ? words[Math.floor(random() * common)]!
      : (words[common + Math.floor(random() * (words.length - common))] ?? words[0]!);
  return () => {
    for (;;) {
      const terms = Array.from({ length: between(random, 1, 3) }, word);
      // A third of the time the reader is still typing the last word.
      const last = terms.length - 1;
      if (random() < 0.33 && terms[last]!.length > 4) terms[last] = terms[last]!.slice(0, between(random, 3, 5));
      const query = terms.join(' ');
      if (!seen.has(query)) {
        seen.add(query);
        return query;
      }
    }
  };
}

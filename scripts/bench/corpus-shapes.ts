// The shapes of the big sidebar a generated corpus can take (`--shape`), so the scale bench measures
// a page of each: a cost flat on one shape of site may not be on another. Each shape plans the
// folders under docs/reference (corpus.ts writes their pages and `_category_.json` files); the
// small `guides` sidebar is the same in every shape and at every size.

import { cp, mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { phrase, type Words } from './corpus-page.ts';
import { between } from './corpus-words.ts';

export const corpusShapes = ['nested', 'no-pages', 'with-pages', 'wide', 'deep', 'flat', 'versions'] as const;
export type CorpusShape = (typeof corpusShapes)[number];

/** What each shape is, for the bench's table and the corpus command's help. */
export const shapeDescriptions: Record<CorpusShape, string> = {
  nested: 'folders one to four deep, a third of the categories with a generated page, a third with an index doc',
  'no-pages': 'categories of 4 subcategories of 25 pages, collapsed, none with a page of its own',
  'with-pages': 'as no-pages, every category with an index doc',
  wide: 'a thousand top-level categories (at 10,000 pages) of ten pages',
  deep: 'folders ten levels deep, two under each',
  flat: 'every page in one folder',
  versions: 'the docs folder and two older versions (versions.json), each nested, with two sidebars',
};

export interface Folder {
  /** Path under docs/. */
  path: string;
  depth: number;
  label: string;
  /** Place among its sibling folders, from 1. */
  position: number;
  pageCount: number;
  variant: 'generated-index' | 'index-doc' | 'plain';
}

export function parseShape(text: string): CorpusShape {
  const shape = corpusShapes.find((name) => name === text);
  if (!shape) throw new Error(`--shape: "${text}" is not one of ${corpusShapes.join(', ')}`);
  return shape;
}

/**
 * The folders of `shape` for `count` pages under `reference` (not `nested`, which corpus.ts plans
 * itself). A folder of depth 0 is `reference` itself, whose pages are the sidebar's top level.
 */
export function planShapeFolders(
  shape: Exclude<CorpusShape, 'nested' | 'versions'>,
  words: Words,
  count: number,
): Folder[] {
  const folders: Folder[] = [];
  const folder = (path: string, depth: number, position: number, pageCount: number, variant: Folder['variant']) => {
    const planned: Folder = { path, depth, position, label: phrase(words, 1, 3), pageCount, variant };
    folders.push(planned);
    return planned;
  };
  switch (shape) {
    case 'flat':
      folder('reference', 0, 1, count, 'plain');
      break;
    case 'no-pages':
    case 'with-pages': {
      const variant = shape === 'no-pages' ? 'plain' : 'index-doc';
      const tops = Math.max(2, Math.round(count / 100));
      const shares = split(count, tops * 4);
      for (let top = 0; top < tops; top++) {
        const parent = folder(`reference/part-${top + 1}`, 1, top + 1, 0, variant);
        for (let sub = 0; sub < 4; sub++)
          folder(`${parent.path}/section-${sub + 1}`, 2, sub + 1, shares[top * 4 + sub]!, variant);
      }
      // An index doc is a page: a category with one holds it besides its subcategories.
      if (variant === 'index-doc') for (const planned of folders) planned.pageCount = Math.max(planned.pageCount, 1);
      trimTo(folders, count);
      break;
    }
    case 'wide': {
      const tops = Math.max(10, Math.round(count / 10));
      split(count, tops).forEach((share, index) =>
        folder(`reference/topic-${index + 1}`, 1, index + 1, share, index % 2 === 0 ? 'plain' : 'index-doc'),
      );
      break;
    }
    case 'deep':
      planDeep(folder, words, 'reference', 0, count, true, 1);
      break;
  }
  return folders;
}

const deepLevels = 10;

/** A few pages a folder, the rest under two subfolders; the first branch always goes ten deep. */
function planDeep(
  folder: (path: string, depth: number, position: number, pageCount: number, variant: Folder['variant']) => Folder,
  words: Words,
  path: string,
  depth: number,
  count: number,
  deepest: boolean,
  position: number,
) {
  const last = depth === deepLevels;
  const here = last ? count : Math.min(deepest ? 1 : between(words.random, 2, 4), count);
  const planned = folder(path, depth, position, here, depth % 2 === 0 ? 'plain' : 'index-doc');
  const rest = count - here;
  if (last || rest === 0) return;
  // The deepest branch takes two thirds of what is left, so that even a small corpus goes ten deep.
  const shares = deepest ? [rest - Math.floor(rest / 3), Math.floor(rest / 3)] : split(rest, rest > 8 ? 2 : 1);
  shares
    .filter((share) => share > 0)
    .forEach((share, index) =>
      planDeep(
        folder,
        words,
        `${planned.path}/level-${depth + 1}-${index + 1}`,
        depth + 1,
        share,
        deepest && index === 0,
        index + 1,
      ),
    );
}

/** `count` split into `parts` shares as equal as can be, the larger first. */
function split(count: number, parts: number): number[] {
  return Array.from({ length: parts }, (_, index) => Math.floor(count / parts) + (index < count % parts ? 1 : 0));
}

/** Takes pages off the largest folders until the folders hold `count` pages in all. */
function trimTo(folders: Folder[], count: number) {
  let over = folders.reduce((sum, folder) => sum + folder.pageCount, 0) - count;
  while (over > 0) {
    const largest = folders.reduce((a, b) => (b.pageCount > a.pageCount ? b : a));
    largest.pageCount--;
    over--;
  }
}

/** Versions the `versions` shape serves: the docs folder ("Next") and the older ones it copies. */
export const versionCopies = 3;

/** Makes the site's docs two older versions too (versions.json, versioned_docs, versioned_sidebars). */
export async function addVersions(dir: string, sidebars: Record<string, unknown>): Promise<void> {
  const names = ['2.0', '1.0'];
  await mkdir(join(dir, 'versioned_sidebars'), { recursive: true });
  for (const name of names) {
    await cp(join(dir, 'docs'), join(dir, 'versioned_docs', `version-${name}`), { recursive: true });
    await writeFile(
      join(dir, 'versioned_sidebars', `version-${name}-sidebars.json`),
      `${JSON.stringify(sidebars, null, 2)}\n`,
    );
  }
  await writeFile(join(dir, 'versions.json'), `${JSON.stringify(names)}\n`);
}

// A build large enough to keep its page record chunks in KV (past the static files a build may
// ship; the threshold is lowered here, the search index and the deploy are the real ones): a
// redeploy of one changed page still writes at most five keys besides the pointer, because the
// changed page's new record chunk is left in the static assets and named in the manifest, and the
// worker answers searches of the deployed build from where the deploy put each piece.

import { mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchRecord } from '../../../../client/contract/search-protocol.ts';
import { kvKeys, type Manifest, type SearchRef } from '../../../../client/contract/storage.ts';
import { KvWriter } from '../../../../scripts/compiler/outputs/kv-writer.ts';
import { writeManifest } from '../../../../scripts/compiler/outputs/manifest.ts';
import { emitSearchIndex } from '../../../../scripts/compiler/outputs/search/emit.ts';
import { createSearchIndexWriter, type PieceSizes } from '../../../../scripts/compiler/outputs/search/index-writer.ts';
import { deployBuild } from '../../../../scripts/deploy/steps.ts';
import { staticChunksMax } from '../../../../scripts/deploy/static-chunks.ts';
import { remoteTarget } from '../../../../scripts/deploy/target.ts';
import { localIndex } from '../../../../worker/services/search/local-index.ts';
import { forgetSearchPieces } from '../../../../worker/services/search/pieces.ts';
import { random, syntheticPage, zipfVocabulary, type Vocabulary } from '../../support/synthetic-pages.ts';
import { kvStandIn } from '../../support/kv-wrangler.ts';

/** Small record chunks (about one a page), most of the pieces as on a large site. */
const sizes: PieceSizes = { terms: 8192, longTerm: 16384, vocabulary: 4096, records: 1024, headings: 8192 };
const pageCount = 400;
/** Pieces a build ships as files before its record chunks go to KV: far below the real 15,000. */
const maxStaticPieces = 50;

let root: string;
let vocabulary: Vocabulary;
let pages: SearchRecord[][];

const edited = new Map<string, SearchRecord[]>();

/** Page `index`'s records as edit number `edit` leaves them (0: as first written); the same each time asked. */
function records(index: number, edit: number): SearchRecord[] {
  if (edit === 0) return pages[index]!;
  const key = `${index}:${edit}`;
  if (!edited.has(key)) edited.set(key, syntheticPage(index, vocabulary, random(1000 + edit), 12));
  return edited.get(key)!;
}

/**
 * A build as the pipeline leaves it: each page's HTML and Markdown in route buckets, its search
 * index with the record chunks in KV, and its manifest. `edits`: pages changed, by edit number.
 */
async function build(buildId: string, edits: Map<number, number> = new Map()): Promise<string> {
  const out = join(root, buildId);
  await mkdir(join(out, 'kv'), { recursive: true });
  const kv = new KvWriter(join(out, 'kv'));
  let bucket: string[] = [];
  for (let i = 0; i < pageCount; i++) {
    const text = `${i} ${edits.get(i) ?? 0}`;
    bucket.push(await kv.putContent(kvKeys.page, `{"page":"${text}"}`), await kv.putContent(kvKeys.markdown, text));
    if (bucket.length < 200) continue;
    await kv.putContent(kvKeys.routes, JSON.stringify(bucket));
    bucket = [];
  }
  const writer = createSearchIndexWriter({ siteUrl: 'https://docs.example.test', sizes });
  for (let i = 0; i < pageCount; i++) writer.addPage(i, records(i, edits.get(i) ?? 0));
  const search = await emitSearchIndex(writer, 'assets', out, kv, maxStaticPieces);
  await writeManifest(kv, out, { buildId, search, assets: {} } as Manifest);
  return out;
}

/** Deploys `out` over what `kv` holds; returns the keys written besides the pointer and the build's deploy record. */
async function deploy(kv: Map<string, string>, out: string, buildId: string) {
  const standIn = kvStandIn(kv);
  await deployBuild(remoteTarget(standIn.wrangler, join(root, 'archive')), out, () => {});
  const pointer = [kvKeys.current, kvKeys.history, `b:${buildId}:deploy`];
  return standIn.puts.flat().filter((key) => !key.endsWith(':upload') && !pointer.includes(key));
}

const liveSearch = (kv: Map<string, string>): SearchRef =>
  (JSON.parse(kv.get(kvKeys.manifest(kv.get(kvKeys.current)!))!) as Manifest).search;

/**
 * The first hits of each query, read as the worker reads them: KV, and the deployed build's static
 * files (`fetched`: the files read).
 */
async function answers(kv: Map<string, string>, clientDir: string, queries: string[], fetched: string[] = []) {
  forgetSearchPieces();
  const env = {
    CONTENT: { get: async (key: string) => kv.get(key) ?? null } as unknown as KVNamespace,
    ASSETS: {
      fetch: async (url: string) => {
        fetched.push(new URL(url).pathname);
        const bytes = await readFile(join(clientDir, new URL(url).pathname)).catch(() => null);
        return bytes ? new Response(bytes) : new Response('not found', { status: 404 });
      },
    } as unknown as Fetcher,
  };
  const index = await localIndex(env, liveSearch(kv));
  const shown: string[][] = [];
  for (const query of queries) {
    const ranking = await index.search(query);
    shown.push((await index.shown(query, ranking, ranking.slice(0, 10))).map((record) => record.objectID));
  }
  return shown;
}

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'self-docs-record-chunks-'));
  const rand = random(5);
  vocabulary = zipfVocabulary(2000, rand);
  pages = Array.from({ length: pageCount }, (_, index) => syntheticPage(index, vocabulary, rand, 12));
});

afterAll(() => rm(root, { recursive: true, force: true }));

describe('a redeploy of a build that keeps its record chunks in KV', { timeout: 300_000 }, () => {
  const kv = new Map<string, string>();

  it('writes five keys and the pointer after one changed page, the changed record chunk a static file', async () => {
    const first = await build('chunks000001');
    await deploy(kv, first, 'chunks000001');
    const search = liveSearch(kv);
    expect(search.passing).toBe('kv');
    expect(search.staticChunks).toBeUndefined();

    const second = await build('chunks000002', new Map([[123, 1]]));
    const written = await deploy(kv, second, 'chunks000002');
    // The page's HTML, Markdown and route bucket, the manifest, and one pack of new hashed assets.
    expect(written).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^page:/),
        expect.stringMatching(/^md:/),
        expect.stringMatching(/^routes:/),
        'b:chunks000002:manifest',
      ]),
    );
    expect(written.filter((key) => key.startsWith('search:'))).toEqual([]);
    expect(written.length).toBeLessThanOrEqual(5);
    const chunks = liveSearch(kv).staticChunks ?? [];
    expect(chunks.length).toBeGreaterThan(0);
    const files = await readdir(join(second, 'client', 'assets', 'search'));
    for (const hash of chunks) expect(files).toContain(`${hash}.json`);
  });

  it('answers searches of the redeployed build as the same index all in files does', async () => {
    const out = join(root, 'chunks000002');
    const page = records(123, 1);
    const queries = [
      page
        .find((record) => record.content)!
        .content!.split(' ')
        .slice(0, 8)
        .join(' '),
      ...pages.slice(0, 8).map((page) => page[0]!.hierarchy.lvl1!.split(' ')[0]!),
    ];
    const fetched: string[] = [];
    const shown = await answers(kv, join(out, 'client'), queries, fetched);
    // The changed page is found, its records read from the chunk left as a static file.
    expect(shown[0]!.some((id) => id.startsWith('123-'))).toBe(true);
    const chunks = liveSearch(kv).staticChunks ?? [];
    expect(fetched.some((path) => chunks.some((hash) => path.endsWith(`/${hash}.json`)))).toBe(true);

    // The same pages with every piece a file, served from a KV of its own.
    const allFiles = join(root, 'all-files');
    await mkdir(join(allFiles, 'kv'), { recursive: true });
    const writer = createSearchIndexWriter({ siteUrl: 'https://docs.example.test', sizes });
    for (let i = 0; i < pageCount; i++) writer.addPage(i, records(i, i === 123 ? 1 : 0));
    const ref = await emitSearchIndex(writer, 'assets', allFiles, new KvWriter(join(allFiles, 'kv')));
    expect(ref.passing).toBeUndefined();
    const own = new Map([
      [kvKeys.current, 'all'],
      [kvKeys.manifest('all'), JSON.stringify({ search: ref })],
    ]);
    expect(shown).toEqual(await answers(own, join(allFiles, 'client'), queries));
  });

  it('puts them in KV, naming none, once more chunks than it leaves as files have changed', async () => {
    const edits = new Map(Array.from({ length: pageCount }, (_, page) => [page, 2] as const));
    const out = await build('chunks000003', edits);
    const written = await deploy(kv, out, 'chunks000003');
    expect(written.filter((key) => key.startsWith('search:')).length).toBeGreaterThan(staticChunksMax);
    expect(liveSearch(kv).staticChunks).toBeUndefined();
  });
});

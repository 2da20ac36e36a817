// Reads the split search index's pieces, from KV or the static assets as the build stored
// them, through one function; parsed pieces stay in the isolate's byte-bounded cache. A piece
// that is missing or unreadable is a `StoreUnavailable`, as any other failed read of a build.

import { kvKeys, type SearchRef } from '../../../client/contract/storage.ts';
import { searchPiecePath } from '../../../client/contract/urls.ts';
import type { Env } from '../../env.ts';
import { immutableTtl, readStored, StoreUnavailable } from '../kv-reads.ts';
import { ByteCache } from '../byte-cache.ts';
import { SharedReads } from '../shared-reads.ts';
import { defaultCacheBytes, latin1Json, retainedBytes } from './piece-cache.ts';

export type PieceEnv = Pick<Env, 'CONTENT' | 'ASSETS'>;

/**
 * Of the budget, what pieces read for the hits of one query are kept in (page record chunks): a
 * hit's page is rarely asked for again, so those chunks stay among themselves and do not push out
 * what most queries read again (term and vocabulary pieces, heading chunks, decoded postings).
 * Over the scale bench's queries, two caches read less a search than one.
 */
const passingShare = 1 / 28;

const cache = new ByteCache(defaultCacheBytes * (1 - passingShare));
const passing = new ByteCache(defaultCacheBytes * passingShare);
const reading = new SharedReads<unknown>();

/** Bytes of search data this isolate holds (a debug and benchmark figure). */
export function searchCacheBytes(): number {
  return cache.bytes + passing.bytes;
}

/** For tests: forget every piece, optionally with another budget. */
export function forgetSearchPieces(limit = defaultCacheBytes): void {
  cache.clear(limit * (1 - passingShare));
  passing.clear(limit * passingShare);
  reading.clear();
}

/** The text of piece `hash`, wherever the build put it (`passing`: a page record chunk). */
export async function readSearchPiece(env: PieceEnv, ref: SearchRef, hash: string, passing = false): Promise<string> {
  return (await readPiece(env, ref, hash, false, passing)).text!;
}

/**
 * The piece as text, or (`raw`, and the build put it in the static assets) as the bytes it is: a
 * kind that reads its bytes itself decodes only what it needs. `bytes`: its length, when read so.
 * `passing`: a page record chunk, which a large build keeps in KV (`SearchRef.passing`) but for those
 * its deploy left in the static assets (`SearchRef.staticChunks`).
 */
async function readPiece(
  env: PieceEnv,
  ref: SearchRef,
  hash: string,
  raw: boolean,
  passing: boolean,
): Promise<{ text: string; bytes?: number; raw?: undefined } | { raw: Uint8Array; text?: undefined }> {
  if (inKv(ref, hash, passing)) {
    const key = kvKeys.searchPiece(hash);
    const text = await readStored(env.CONTENT, key, immutableTtl);
    if (text === null) throw new StoreUnavailable(`search piece ${key} is missing from KV`);
    return { text };
  }
  const path = searchPiecePath(hash);
  if (!env.ASSETS) throw new StoreUnavailable(`search piece ${path} needs the ASSETS binding`);
  let response: Response;
  try {
    // A URL, not a Request: building a Request object for each piece costs a cold isolate for nothing.
    response = await env.ASSETS.fetch(`https://assets.local${path}`);
  } catch (error) {
    throw new StoreUnavailable(`static asset ${path} could not be read`, error);
  }
  if (!response.ok) throw new StoreUnavailable(`search piece ${path} answered ${response.status}`);
  // The bytes, decoded here, and not `response.text()`: on a cold isolate workerd's text() was a
  // large part of the first search's profile, and decoding here costs that search less CPU. Both
  // decode UTF-8 the same way (a leading byte-order mark dropped, bad bytes replaced).
  const bytes = await response.arrayBuffer();
  return raw ? { raw: new Uint8Array(bytes) } : { text: utf8.decode(bytes), bytes: bytes.byteLength };
}

const utf8 = new TextDecoder();

const pieceName = (ref: SearchRef, hash: string, passing = false) =>
  inKv(ref, hash, passing) ? kvKeys.searchPiece(hash) : searchPiecePath(hash);

/** The record chunks a deploy left in the static assets, as a set, once per manifest. */
const staticChunkSets = new WeakMap<SearchRef, Set<string>>();

/**
 * Whether piece `hash` is a KV value: every piece of a build without a client; a large build's
 * record chunks, but those its deploy left as static files.
 */
function inKv(ref: SearchRef, hash: string, passing: boolean): boolean {
  if (ref.store === 'kv') return true;
  if (!passing || ref.passing !== 'kv') return false;
  if (!ref.staticChunks) return true;
  let files = staticChunkSets.get(ref);
  if (!files) staticChunkSets.set(ref, (files = new Set(ref.staticChunks)));
  return !files.has(hash);
}

/** What a piece is: how its text is read, and what shape it must have. */
export interface PieceKind<T> {
  /** JSON.parse unless the piece has a format of its own. */
  parse?: (text: string) => unknown;
  /** Reads the piece from its UTF-8 bytes, when the store gives them (static assets), instead of `parse`. */
  parseBytes?: (bytes: Uint8Array) => unknown;
  valid: (value: unknown) => value is T;
  /**
   * At least the bytes V8 keeps for the piece parsed from `text`, from its shape and the text's
   * length; `latin1`: its strings are one byte a character. (`text` is empty for a piece read by
   * `parseBytes`.)
   */
  bytes: (value: T, text: string, latin1: boolean) => number;
  /** Read for one query's hits and seldom again: kept apart, in a small share of the budget. */
  passing?: boolean;
}

/** Piece `hash` parsed; a piece of the wrong shape is unreadable. */
export function loadPiece<T>(env: PieceEnv, ref: SearchRef, hash: string, kind: PieceKind<T>): Promise<T> {
  const key = `piece:${hash}`;
  const kept = kind.passing ? passing : cache;
  const cached = kept.get<T>(key);
  if (cached) return Promise.resolve(cached);
  const chunk = kind.passing === true;
  return reading.read(key, () =>
    readPiece(env, ref, hash, kind.parseBytes !== undefined, chunk).then((read) => {
      let value: unknown;
      try {
        value = read.raw ? kind.parseBytes!(read.raw) : (kind.parse ?? JSON.parse)(read.text);
      } catch (error) {
        throw new StoreUnavailable(`search piece ${pieceName(ref, hash, chunk)} is not readable`, error);
      }
      if (!kind.valid(value))
        throw new StoreUnavailable(`search piece ${pieceName(ref, hash, chunk)} is not the piece the directory names`);
      const text = read.text ?? '';
      kept.set(key, value, kind.bytes(value, text, read.raw !== undefined || latin1Json(text, read.bytes)));
      return value;
    }),
  ) as Promise<T>;
}

/** A value derived from pieces (decoded postings, a word's candidates), kept under the same byte budget. */
export function derived<T>(key: string, compute: () => T): T {
  const cached = cache.get<T>(key);
  if (cached !== undefined) return cached;
  const value = compute();
  cache.set(key, value, retainedBytes(value) + retainedBytes(key));
  return value;
}

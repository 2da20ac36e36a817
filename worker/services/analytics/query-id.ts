// The queryID a search answer carries, signed, so a click event can only name a search this
// worker answered. Ours is 64 hex digits:
//
//   nonce (16) · day (4) · hits shown (4) · query hash (16) · HMAC-SHA-256 of the rest (24)
//
// The nonce tells two searches for the same words apart (a repeated click is one that names the
// same search and position twice); the day bounds how long a click may follow its search; the
// hits shown bound the positions a click may give; the query hash finds the search's D1 row.
// An answer from Algolia carries Algolia's own queryID (32 hex digits) in front of ours, inside
// the signature, and only that part is forwarded to Algolia Insights.

import type { Env } from '../../env.ts';
import { hex } from '../hex.ts';
import { queryHash } from './normalise.ts';

const dayMs = 86_400_000;
const oursLength = 64;
const signedLength = 40;
const algoliaIdPattern = /^[0-9a-f]{32}$/;

/** A queryID the worker signed, read back. */
export interface SignedQueryId {
  /** The signed part without its signature: names one search. */
  search: string;
  /** The search's UTC day as a number of days since 1970. */
  dayNumber: number;
  hits: number;
  queryHash: string;
  /** Algolia's queryID when Algolia answered. */
  algolia?: string;
}

const keys = new Map<string, Promise<CryptoKey>>();

function hmacKey(secret: string): Promise<CryptoKey> {
  let key = keys.get(secret);
  if (!key) {
    // One secret per deployment: a second one replaces the first.
    keys.clear();
    key = crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
      'sign',
    ]);
    keys.set(secret, key);
  }
  return key;
}

async function mac(secret: string, algolia: string, signed: string): Promise<string> {
  const bytes = await crypto.subtle.sign(
    'HMAC',
    await hmacKey(secret),
    new TextEncoder().encode(`${algolia}${signed}`),
  );
  return hex(new Uint8Array(bytes).subarray(0, 12));
}

function hex4(value: number): string {
  return Math.min(0xffff, Math.max(0, value)).toString(16).padStart(4, '0');
}

/** Whole-string comparison whose time does not depend on where the strings differ. */
function sameText(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

/** Days since 1970 of a time. */
export function dayNumberOf(time: number): number {
  return Math.floor(time / dayMs);
}

/** A signed queryID for one answer: `hits` is how many hits the answer shows. */
export async function signQueryId(
  secret: string,
  answer: { query: string; hits: number; algolia?: string },
  now = Date.now(),
): Promise<string> {
  const algolia = answer.algolia && algoliaIdPattern.test(answer.algolia) ? answer.algolia : '';
  const nonce = hex(crypto.getRandomValues(new Uint8Array(8)));
  const signed = `${nonce}${hex4(dayNumberOf(now))}${hex4(answer.hits)}${queryHash(answer.query)}`;
  return `${algolia}${signed}${await mac(secret, algolia, signed)}`;
}

/**
 * The search a queryID names, if this worker signed it and its search was today or yesterday
 * (UTC: a click may follow a search made just before midnight); undefined otherwise.
 */
export async function verifyQueryId(
  secret: string,
  queryId: string,
  now = Date.now(),
): Promise<SignedQueryId | undefined> {
  if (queryId.length !== oursLength && queryId.length !== oursLength + 32) return undefined;
  if (!/^[0-9a-f]+$/.test(queryId)) return undefined;
  const algolia = queryId.slice(0, queryId.length - oursLength);
  const ours = queryId.slice(-oursLength);
  const signed = ours.slice(0, signedLength);
  if (!sameText(ours.slice(signedLength), await mac(secret, algolia, signed))) return undefined;
  const dayNumber = parseInt(signed.slice(16, 20), 16);
  const today = dayNumberOf(now);
  if (dayNumber > today || dayNumber < today - 1) return undefined;
  return {
    search: signed,
    dayNumber,
    hits: parseInt(signed.slice(20, 24), 16),
    queryHash: signed.slice(24, 40),
    ...(algolia ? { algolia } : {}),
  };
}

let warnedNoSecret = false;

/**
 * The secret queryIDs are signed with, or undefined (logged once per isolate): without it answers
 * carry no queryID and no click is counted, rather than accept ids anyone could make.
 */
export function queryIdSecret(env: Env): string | undefined {
  const secret = env.QUERY_ID_SECRET;
  if (secret && secret.length >= 16) return secret;
  if (!warnedNoSecret) {
    warnedNoSecret = true;
    console.warn(
      'QUERY_ID_SECRET is not set (or shorter than 16 characters): search answers carry no queryID and ' +
        'clicks are not counted. Set it with `wrangler secret put QUERY_ID_SECRET`.',
    );
  }
  return undefined;
}

// Searches sent to the worker's Algolia-protocol endpoint, and the Algolia stand-ins started
// by the global setup (tests/support/algolia-standin.ts).

/// <reference types="@cloudflare/vitest-pool-workers/types" />
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { inject } from 'vitest';
import type { SearchResponse } from '../../../client/contract/search-protocol.ts';
import worker from '../../../worker/index.ts';
import type { Env } from '../../../worker/env.ts';
import type { RecordedSearchRequest } from '../../support/algolia-standin.ts';
import type { AlgoliaStandInUrls } from '../../support/worker-global-setup.ts';
import { bindings } from './deploy.ts';
import { fromAddress, origin } from './requests.ts';

export const searchPath = '/1/indexes/*/queries';

export interface SearchCall {
  response: Response;
  body: string;
  /** The body parsed as JSON (undefined when it is not JSON). */
  json: unknown;
}

export interface SearchCallOptions {
  method?: string;
  path?: string;
  headers?: Record<string, string>;
  env?: Env;
}

/** Sends a body (an object is sent as JSON, a string as is) and waits for the cache write. */
export async function postSearch(body: unknown, options: SearchCallOptions = {}): Promise<SearchCall> {
  const method = options.method ?? 'POST';
  const headers = fromAddress(new Headers(options.headers ?? { 'content-type': 'application/json' }));
  const init: RequestInit = { method, headers };
  if (method !== 'GET' && method !== 'HEAD' && body !== undefined)
    init.body = typeof body === 'string' ? body : JSON.stringify(body);
  const ctx = createExecutionContext();
  const response = await worker.fetch(
    new Request(`${origin}${options.path ?? searchPath}`, init),
    options.env ?? bindings,
    ctx,
  );
  const text = await response.text();
  await waitOnExecutionContext(ctx);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { response, body: text, json };
}

/** The response of a successful search. */
export function results(call: SearchCall): SearchResponse['results'] {
  return (call.json as SearchResponse).results;
}

/** One DocSearch-like query for the multi-query endpoint. */
export function searchRequest(query: string, extra: Record<string, unknown> = {}) {
  return { requests: [{ indexName: 'docs', query, ...extra }] };
}

/** What DocSearch v3 sends for a query typed in the modal. */
export function docSearchRequest(query: string, extra: Record<string, unknown> = {}) {
  return searchRequest(query, {
    attributesToRetrieve: [
      'hierarchy.lvl0',
      'hierarchy.lvl1',
      'hierarchy.lvl2',
      'hierarchy.lvl3',
      'hierarchy.lvl4',
      'hierarchy.lvl5',
      'hierarchy.lvl6',
      'content',
      'type',
      'url',
    ],
    attributesToSnippet: [
      'hierarchy.lvl1:10',
      'hierarchy.lvl2:10',
      'hierarchy.lvl3:10',
      'hierarchy.lvl4:10',
      'hierarchy.lvl5:10',
      'hierarchy.lvl6:10',
      'content:10',
    ],
    snippetEllipsisText: '…',
    highlightPreTag: '<mark>',
    highlightPostTag: '</mark>',
    hitsPerPage: 20,
    clickAnalytics: false,
    facetFilters: ['language:en', ['docusaurus_tag:default', 'docusaurus_tag:docs-default-current']],
    ...extra,
  });
}

export function standInUrls(): AlgoliaStandInUrls {
  return inject('algoliaStandIns');
}

export interface AlgoliaSetup {
  env: Env;
  appId: string;
  apiKey: string;
}

/**
 * The worker's env with Algolia configured against the given hosts. Every call gets its own
 * application id, so the worker builds a fresh client (no host remembered as failing by an
 * earlier test) and the stand-ins' records can be told apart. The stand-ins answer at once, yet a
 * busy machine can keep them past production's 1 s: a test that expects Algolia's answer gets the
 * longest deadline, and tests of the deadline set theirs (`defaultDeadline`).
 */
/** The deadline the worker keeps when `ALGOLIA_DEADLINE_MS` is not set: production's. */
export const defaultDeadline: Partial<Env> = { ALGOLIA_DEADLINE_MS: '' };

export function withAlgolia(hosts: string[], overrides: Partial<Env> = {}): AlgoliaSetup {
  const appId = `APP${crypto.randomUUID().replace(/-/g, '').slice(0, 10).toUpperCase()}`;
  const apiKey = `KEY-${crypto.randomUUID()}`;
  return {
    appId,
    apiKey,
    env: {
      ...bindings,
      ALGOLIA_APP_ID: appId,
      ALGOLIA_SEARCH_API_KEY: apiKey,
      ALGOLIA_INDEX_NAME: 'docs',
      ALGOLIA_HOSTS: hosts.join(','),
      ALGOLIA_DEADLINE_MS: '10000',
      ...overrides,
    },
  };
}

/** Requests a stand-in received for one application id. */
export async function receivedBy(standInUrl: string, appId: string): Promise<RecordedSearchRequest[]> {
  const response = await fetch(`${standInUrl}/__standin/requests`);
  const all = (await response.json()) as RecordedSearchRequest[];
  return all.filter((request) => request.appId === appId);
}

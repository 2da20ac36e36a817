// `GET /search?q=&page=`: the search page, rendered with its results (no JavaScript needed);
// `GET /__search?q=&page=`: the same results as JSON, for the page's live updates.

import type { Context } from 'hono';
import { searchLimits, type SearchPageData } from '../../client/model.ts';
import type { AppEnv } from '../env.ts';
import { renderDocument } from '../render/document.tsx';
import { currentManifest } from '../services/content-store.ts';
import { search } from '../services/search/index.ts';
import { localIndex } from '../services/search/local-index.ts';
import { searchPageQuery, searchPageResults } from '../services/search/page-results.ts';
import { announcementDismissed, chooseTheme } from '../services/theme.ts';
import { bootData, servePage } from './pages.ts';

async function searchPageData(c: Context<AppEnv>, buildId: string): Promise<SearchPageData> {
  const query = [...(c.req.query('q') ?? '').trim()].slice(0, searchLimits.queryLength).join('');
  const requested = Number(c.req.query('page') ?? 1);
  const page = Number.isInteger(requested) && requested >= 1 ? Math.min(requested, 1000) - 1 : 0;
  const empty: SearchPageData = {
    query,
    page,
    nbPages: 0,
    matchedPages: 0,
    exhaustive: true,
    groups: [],
    suggestions: [],
  };
  if (!query) return empty;
  try {
    const [result] = (await search(c.env, buildId, [searchPageQuery(query)])).response.results;
    if (!result) return empty;
    const results = searchPageResults(result, query, page);
    const suggestions = results.matchedPages === 0 ? (await localIndex(c.env.CONTENT, buildId)).suggest(query, 3) : [];
    return { query, ...results, suggestions };
  } catch (error) {
    console.error('search page failed', error);
    return { ...empty, error: 'Unable to fetch results' };
  }
}

export async function serveSearchPage(c: Context<AppEnv>): Promise<Response> {
  let manifest;
  try {
    manifest = await currentManifest(c.env.CONTENT);
  } catch {
    // The page route answers a store failure with the 503 page.
    return servePage(c);
  }
  const data = await searchPageData(c, manifest.buildId);
  const theme = chooseTheme(c, manifest.site);
  const boot = { ...bootData(manifest, null, 200, theme, announcementDismissed(c, manifest.site)), search: data };
  const body = await renderDocument({ manifest, boot, theme, url: c.req.url });
  return new Response(body, {
    status: 200,
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
      vary: 'Cookie, Sec-CH-Prefers-Color-Scheme',
      'x-robots-tag': 'noindex',
    },
  });
}

export async function serveSearchJson(c: Context<AppEnv>): Promise<Response> {
  const manifest = await currentManifest(c.env.CONTENT);
  return c.json(await searchPageData(c, manifest.buildId), 200, { 'cache-control': 'no-store' });
}

// `GET /search?q=&page=`: the search page, rendered with its results (no JavaScript needed);
// `GET /__search?q=&page=`: the same results as JSON, for the page's live updates.

import type { Context } from 'hono';
import { currentVersionName, searchLimits, versionTag } from '../../client/contract/search-protocol.ts';
import type { SearchPageData } from '../../client/contract/search-page.ts';
import type { AppEnv } from '../env.ts';
import { bootData } from '../render/boot-data.ts';
import { loadRenderers } from '../render/load-renderers.ts';
import { currentManifest } from '../services/content-store.ts';
import { styledManifest } from '../services/style-sheet.ts';
import { buildToSearch, searchPage, type SearchBuild } from '../services/search/service.ts';
import { localIndex } from '../services/search/local-index.ts';
import { countPageSearch } from '../services/analytics/count-results.ts';
import { announcementDismissed, chooseTheme } from '../services/theme.ts';
import { enforceRateLimit, rateLimits } from '../services/rate-limit.ts';

/** `?q=&page=` as asked (page counted from 1), with no results yet. */
function noResults(c: Context<AppEnv>): SearchPageData {
  const query = [...(c.req.query('q') ?? '').trim()].slice(0, searchLimits.queryLength).join('');
  const requested = Number(c.req.query('page') ?? 1);
  const page = Number.isInteger(requested) && requested >= 1 ? Math.min(requested, 1000) - 1 : 0;
  // A version name as versions.json spells them; anything else searches the last version.
  const version = /^[\w.-]{1,64}$/.test(c.req.query('version') ?? '') ? c.req.query('version') : undefined;
  return {
    query,
    ...(version ? { version } : {}),
    page,
    nbPages: 0,
    matchedPages: 0,
    exhaustive: true,
    groups: [],
    suggestions: [],
    ...(c.req.query('reported') === '1' ? { reported: true } : {}),
  };
}

/** The results of `?q=&page=`; throws when neither Algolia nor the build's index can answer. */
async function searchPageData(c: Context<AppEnv>, build: SearchBuild | undefined): Promise<SearchPageData> {
  const empty = noResults(c);
  const { query, page, version } = empty;
  if (!query) return empty;
  const results = await searchPage(c.env, build, query, page, version ? versionTag(version) : build?.tag);
  if (!results) return empty;
  // The modal's "See all" count asks with `count=no`: its search was counted already.
  if (page === 0 && c.req.query('count') !== 'no') countPageSearch(c, query, results.matchedPages);
  const suggestions =
    results.matchedPages === 0 && build ? await (await localIndex(c.env, build.search)).suggest(query, 3) : [];
  return { ...empty, ...results, suggestions };
}

export async function serveSearchPage(c: Context<AppEnv>): Promise<Response> {
  // The same searches as the modal's endpoint, so the same limit per client address.
  await enforceRateLimit(c.env, c.req.raw, rateLimits.search);
  // The page needs the site's layout: without a manifest, the error handler answers with the 503 page.
  const manifest = await currentManifest(c.env.CONTENT);
  c.set('siteSources', manifest.head?.sources);
  // The style groups' CSS, read while the search runs.
  const styling = styledManifest(c.env.CONTENT, manifest);
  const tag = versionTag(manifest.site.docs.lastVersion ?? currentVersionName);
  const data = await searchPageData(c, {
    buildId: manifest.buildId,
    search: manifest.search,
    tag,
    instanceTags: manifest.site.docs.instanceTags,
  }).catch((error: unknown): SearchPageData => {
    // The layout is there, so the page itself says the search failed, as the modal does.
    console.error('search page failed', error);
    return { ...noResults(c), error: 'Unable to fetch results' };
  });
  const theme = chooseTheme(c, manifest.site);
  const boot = { ...bootData(manifest, null, 200, theme, announcementDismissed(c, manifest.site)), search: data };
  const body = (await loadRenderers()).renderDocument({ manifest: await styling, boot, theme });
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

/** Answers through Algolia even while KV fails; the error handler answers what cannot be. */
export async function serveSearchJson(c: Context<AppEnv>): Promise<Response> {
  await enforceRateLimit(c.env, c.req.raw, rateLimits.search);
  const data = await searchPageData(c, await buildToSearch(c.env.CONTENT));
  return c.json(data, 200, { 'cache-control': 'no-store' });
}

// A blog's RSS, Atom and JSON feeds (`/blog/rss.xml`, `/blog/atom.xml`, `/blog/feed.json`): the
// build stored each whole under its hash and named it in the manifest by path, so a feed costs one
// KV read, answered with its own content type and a 304 when the reader has it. Any other path
// falls through to the next route.

import type { Context, Next } from 'hono';
import { feedContentTypes } from '../../client/contract/blog.ts';
import { kvKeys } from '../../client/contract/storage.ts';
import type { AppEnv } from '../env.ts';
import { etagMatches } from '../services/etag.ts';
import { currentManifest } from '../services/content-store.ts';
import { immutableTtl, readStored, StoreUnavailable } from '../services/kv-reads.ts';

export async function serveFeeds(c: Context<AppEnv>, next: Next): Promise<Response | void> {
  const path = new URL(c.req.url).pathname;
  // Only a feed's file name: a page path never costs a look at the manifest here.
  if (!/\.(xml|json)$/.test(path)) return next();
  const manifest = await currentManifest(c.env.CONTENT);
  const feed = manifest.feeds?.[path];
  if (!feed) return next();
  const etag = `"feed-${feed.hash}"`;
  const headers = {
    'content-type': feedContentTypes[feed.type],
    etag,
    'cache-control': 'public, max-age=0, must-revalidate',
  };
  if (etagMatches(c.req.header('if-none-match'), etag)) return new Response(null, { status: 304, headers });
  const text = await readStored(c.env.CONTENT, kvKeys.feed(feed.hash), immutableTtl);
  if (text === null) throw new StoreUnavailable(`${kvKeys.feed(feed.hash)} is missing`);
  return new Response(text, { headers });
}

// `/__data/<build>/<route>.json`: a page's data for client-side navigation, and
// `/__data/sidebar/<hash>.json`: a sidebar's data. Both immutable: the build or hash names them. A
// page of a sidebar stored in parts comes with that sidebar as it shows it (`sidebarView`).

import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { AppEnv } from '../env.ts';
import type { PageData } from '../../client/contract/page.ts';
import { withIslandAssets } from '../render/island-assets.ts';
import { sidebarView } from '../render/sidebar-view.ts';
import { lookupRoute, manifestOf, readPageJson, readSidebarJson } from '../services/content-store.ts';

const immutable = {
  'content-type': 'application/json; charset=utf-8',
  'cache-control': 'public, max-age=31536000, immutable',
};

export async function servePageData(c: Context<AppEnv>): Promise<Response> {
  const pathname = new URL(c.req.url).pathname;
  const sidebar = /^\/__data\/sidebar\/([a-f0-9]{16})\.json$/.exec(pathname);
  if (sidebar) {
    const json = await readSidebarJson(c.env.CONTENT, sidebar[1]!);
    if (json === null) throw new HTTPException(404, { message: `No sidebar ${sidebar[1]}` });
    return c.body(json, 200, immutable);
  }
  const match = /^\/__data\/([a-f0-9]{6,64})(\/.*)\.json$/.exec(pathname);
  if (!match) throw new HTTPException(404, { message: 'Expected /__data/<build id>/<route>.json' });
  const [, buildId, name] = match as unknown as [string, string, string];
  let route: string;
  try {
    route = decodeURIComponent(name);
  } catch {
    throw new HTTPException(400, { message: 'The route is not valid URL encoding' });
  }
  if (route === '/index') route = '/';
  const manifest = await manifestOf(c.env.CONTENT, buildId);
  if (!manifest) throw new HTTPException(404, { message: `No build ${buildId}` });
  const target = await lookupRoute(c.env.CONTENT, manifest, route);
  if (!target || !('page' in target)) throw new HTTPException(404, { message: `No page ${route} in build ${buildId}` });
  const json = await readPageJson(c.env.CONTENT, target.page);
  // Only a page that uses islands, or sits in a sidebar stored in parts, is parsed (in JSON text, a
  // key's quotes are the only unescaped ones).
  const islands = manifest.islands && json.includes('"islands":[');
  const inParts = json.includes('"sidebarPath":[');
  if (!islands && !inParts) return c.body(json, 200, immutable);
  // A page that uses site components gets their scripts and stylesheets with it.
  const page = islands ? withIslandAssets(JSON.parse(json) as PageData, manifest) : (JSON.parse(json) as PageData);
  const ref = page.sidebar ? manifest.sidebars[page.sidebar] : undefined;
  if (inParts && ref?.split) {
    const view = await sidebarView(c.env.CONTENT, manifest, page.sidebar, route, page.sidebarPath);
    if (view) page.sidebarView = { items: view.items, ...(view.window ? { window: view.window } : {}) };
  }
  return c.body(JSON.stringify(page), 200, immutable);
}

// The global data of the site's own plugins (what they give `setGlobalData`). At build time it is
// part of the page context pages are given; the browser bundle gives this module that data alone
// (scripts/compiler/compile/islands/site-data-modules.ts), so an island that reads global data
// does not carry the rest of the site's context.

import { siteContext } from './site-context.ts';

export function pluginsGlobalData(): Record<string, Record<string, unknown>> {
  return siteContext().globalData ?? {};
}

// The worker: thin routes over small services. Static files are served by Workers Static
// Assets before this code runs; everything else comes here.

// Hono without its default routers (HonoBase is what `Hono` extends to add them): the worker brings
// its own router, so theirs would be code every new isolate compiles for nothing.
import { HonoBase } from 'hono/hono-base';
import { LinearRouter } from 'hono/router/linear-router';
import type { AppEnv } from './env.ts';
import { handleError } from './errors/handle.ts';
import { scriptHash, securityHeaders } from './middleware/security-headers.ts';
import { siteSources } from './middleware/site-sources.ts';
import { servePageData } from './routes/data.ts';
import { serveFeeds } from './routes/feeds.ts';
import { serveMarkdownViews } from './routes/markdown.ts';
import { servePage } from './routes/doc-pages.ts';
import { serveSearch } from './routes/search.ts';
import { serveSearchJson, serveSearchPage } from './routes/search-page.ts';
// Search analytics: Insights events, reader reports, the retention cleanup.
import { serveEvents } from './routes/events.ts';
import { serveReport } from './routes/report.ts';
import { scheduled } from './scheduled.ts';

// A dozen routes: matching them in turn costs next to nothing, where Hono's default router compiles
// a matcher for each method on an isolate's first request of it (a cost a cold isolate's first
// search would pay, for nothing a later request reuses much).
export const app = new HonoBase<AppEnv>({ router: new LinearRouter() });

// siteSources adds the site's own origins to the policy securityHeaders writes.
app.use('*', scriptHash, siteSources, securityHeaders);
app.get('/__data/*', servePageData);
app.get('/search', serveSearchPage);
app.get('/__search', serveSearchJson);
app.post('/1/indexes/:index/queries', serveSearch);
app.post('/1/events', serveEvents);
app.post('/__report', serveReport);
app.all('/1/indexes/:index/queries', (c) =>
  c.json({ message: `${c.req.method} is not allowed; use POST`, status: 405 }, 405, { allow: 'POST' }),
);
// Markdown for machines: `<route>.md`, `Accept: text/markdown`, `/llms.txt`, `/llms-full.txt`;
// anything else falls through to the pages.
app.on(['GET', 'HEAD'], '*', serveMarkdownViews);
// A blog's feeds, by the paths the manifest names; anything else falls through to the pages.
app.on(['GET', 'HEAD'], '*', serveFeeds);
app.on(['GET', 'HEAD'], '*', servePage);
app.all('*', (c) =>
  c.json({ error: 'method_not_allowed', message: `${c.req.method} is not supported here; use GET` }, 405, {
    allow: 'GET, HEAD',
  }),
);
// Routes throw; this one handler turns every error into the response its route's clients read.
app.onError(handleError);

export default { fetch: app.fetch, scheduled };

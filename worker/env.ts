// Bindings and variables the worker is given (wrangler.toml, `.dev.vars`, secrets).

import type { SiteSources } from '../client/contract/site-config.ts';

export interface Env {
  /** Built pages, manifests and pointers: see `kvKeys` in client/contract/storage.ts. */
  CONTENT: KVNamespace;
  /** Static assets (hashed bundles, fonts, images) from dist/client. */
  ASSETS?: Fetcher;
  /** Seconds a rendered page stays in the edge cache. */
  HTML_CACHE_TTL?: string;
  ALGOLIA_APP_ID?: string;
  ALGOLIA_SEARCH_API_KEY?: string;
  ALGOLIA_INDEX_NAME?: string;
  /** Comma-separated Algolia hosts replacing the defaults (tests point them at loopback). */
  ALGOLIA_HOSTS?: string;
  /** Milliseconds a search waits for Algolia before the embedded index answers (default 1000, 100–10000). */
  ALGOLIA_DEADLINE_MS?: string;
  /** Seconds a search answer stays in the edge cache (default 300). */
  SEARCH_CACHE_TTL?: string;
  /** Search analytics (worker/migrations/); without it nothing is counted. */
  ANALYTICS?: D1Database;
  /** Days analytics rows are kept (default 90). */
  ANALYTICS_RETENTION_DAYS?: string;
  /** Replaces https://insights.algolia.io (tests point it at loopback). */
  ALGOLIA_INSIGHTS_HOST?: string;
  /** Requests per client address (worker/services/rate-limit.ts); without them nothing is limited. */
  RATE_LIMIT_SEARCH?: RateLimit;
  RATE_LIMIT_EVENTS?: RateLimit;
  RATE_LIMIT_REPORTS?: RateLimit;
  /**
   * Signs the queryIDs search answers carry, so click events cannot be forged (a secret:
   * `wrangler secret put QUERY_ID_SECRET`; `npm start` writes a random one into `.dev.vars`).
   * Without it answers carry no queryID and no click is counted.
   */
  QUERY_ID_SECRET?: string;
  /** Distinct queries a day may add to the analytics (default 2000); the rest count as "other". */
  ANALYTICS_QUERIES_PER_DAY?: string;
  /** This worker version's id (`[version_metadata]`): part of every cached page's key and ETag. */
  CF_VERSION_METADATA?: WorkerVersionMetadata;
}

export type AppEnv = {
  Bindings: Env;
  Variables: {
    /** CSP sources of the page's constant inline scripts (render/inline-scripts.ts). */
    inlineScriptHashes: string;
    /** Origins the site's own head tags and CSS load from, of the build this response rendered. */
    siteSources?: SiteSources;
  };
};

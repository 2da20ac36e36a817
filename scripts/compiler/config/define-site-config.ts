// The site author's API, imported by a site's `site.config.ts` as `self-docs/config` (package.json
// `exports`): its home stays the same however the compiler's folders change.

import type { SiteConfigInput } from '../schemas/site-config.ts';

export type { SiteConfigInput };

/** Types a site's configuration: every key is optional (README "Configuration"). */
export function defineSiteConfig(config: SiteConfigInput): SiteConfigInput {
  return config;
}

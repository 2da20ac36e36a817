// `@docusaurus/useDocusaurusContext`, evaluated at build time: `siteConfig` (title, url,
// customFields…) as the build read it, so `{siteConfig.title}` becomes text in the page.

import type { PageContext } from '../page-context.ts';
import { pageContext } from './site.ts';

export default function useDocusaurusContext(): PageContext {
  return pageContext();
}

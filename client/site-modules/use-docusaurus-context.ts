// `@docusaurus/useDocusaurusContext` for site components: the same object on every render.

import { siteContext, type DocusaurusContext } from './site-context.ts';

export default function useDocusaurusContext(): DocusaurusContext {
  return siteContext();
}

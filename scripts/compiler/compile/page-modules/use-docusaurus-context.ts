// `@docusaurus/useDocusaurusContext`, evaluated at build time: `siteConfig` (title, url,
// customFields…) as the build read it, so `{siteConfig.title}` becomes text in the page; the
// plugins' global data; no code translations (the site is English only).

import useGlobalData, { type GlobalData } from '../../../../client/site-modules/global-data.ts';
import type { PageContext } from '../page-context.ts';
import { pageContext } from './site.ts';

export default function useDocusaurusContext(): PageContext & {
  globalData: GlobalData;
  codeTranslations: Record<string, string>;
} {
  return { ...pageContext(), globalData: useGlobalData(), codeTranslations: {} };
}

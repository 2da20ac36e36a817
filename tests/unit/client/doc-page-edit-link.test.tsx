// The doc page's "Edit this page" link, as the server renders it under the page's content: only
// on pages that have an edit URL (a Docusaurus site's `editUrl`), opening in a new tab.

import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { PageData } from '../../../client/contract/page.ts';
import { DocPage } from '../../../client/components/DocPage.tsx';
import { SiteContext, type SiteContextValue } from '../../../client/context.ts';
import { defaultSiteConfig } from '../../../scripts/compiler/config/resolve-config.ts';

/** The doc page as the server renders it, in a site with the default configuration. */
function render(shown: PageData): string {
  const context = { site: defaultSiteConfig, route: shown.route, page: shown } as unknown as SiteContextValue;
  return renderToString(
    <SiteContext value={context}>
      <DocPage page={shown} />
    </SiteContext>,
  );
}

const page: PageData = {
  route: '/docs/guides/setup',
  title: 'Setup',
  description: '',
  keywords: [],
  hideTitle: false,
  hideTableOfContents: true,
  tree: [],
  toc: [],
  breadcrumbs: [],
  source: 'docs/guides/setup.md',
};

describe('Edit this page', () => {
  it('links to the page source in a new tab, after the content', () => {
    const html = render({
      ...page,
      editUrl: 'https://github.com/example/site/tree/main/website/docs/guides/setup.md',
    });
    expect(html).toContain(
      '<footer class="doc-footer"><a class="theme-edit-this-page" href="https://github.com/example/site/tree/main/website/docs/guides/setup.md" target="_blank" rel="noopener noreferrer">Edit this page</a></footer>',
    );
    expect(html.indexOf('class="markdown"')).toBeLessThan(html.indexOf('doc-footer'));
  });

  it('is not there when the page has no edit URL', () => {
    expect(render(page)).not.toContain('Edit this page');
  });
});

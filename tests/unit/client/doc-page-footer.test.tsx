// The doc page's footer, as the server renders it under the page's content: "Edit this page"
// (a Docusaurus site's `editUrl`) and "Last updated on" (`showLastUpdateTime`), each only when
// the page has it.

import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { PageData } from '../../../client/contract/page.ts';
import { DocPage } from '../../../client/components/DocPage.tsx';
import { SiteContext, type SiteContextValue } from '../../../client/context.ts';
import { defaultSiteConfig } from '../../../scripts/compiler/config/resolve-config.ts';

/** The doc page as the server renders it, in a site with the default configuration (or `docs` changed). */
function render(shown: PageData, docs: Partial<typeof defaultSiteConfig.docs> = {}): string {
  const site = { ...defaultSiteConfig, docs: { ...defaultSiteConfig.docs, ...docs } };
  const context = { site, route: shown.route, page: shown } as unknown as SiteContextValue;
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

describe('Last updated on', () => {
  const changed = { ...page, lastModified: '2024-05-01T23:30:00-02:00' };

  it("gives the date of the page's last change, in UTC, when the site asks for it", () => {
    expect(render(changed, { showLastUpdateTime: true })).toContain(
      '<span class="theme-last-updated">Last updated on <time dateTime="2024-05-02T01:30:00.000Z">May 2, 2024</time></span>',
    );
  });

  it('is not there when the site does not ask for it, or the date is unknown', () => {
    expect(render(changed)).not.toContain('Last updated');
    expect(render(page, { showLastUpdateTime: true })).not.toContain('Last updated');
  });
});

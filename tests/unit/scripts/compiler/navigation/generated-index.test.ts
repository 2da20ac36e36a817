// Category pages the build generates (`link: { type: 'generated-index' }`): where they live, what
// they list, and what happens when two categories would share a URL.

import { describe, expect, it } from 'vitest';
import { buildSite, page, writeSite } from '../../../support/sites.ts';
import { expectBuildFailure } from '../../../support/build-failure.ts';

const category = (label: string, link: object) => JSON.stringify({ label, link });

describe('generated-index category pages', () => {
  it('lists the category’s items, with the docs’ descriptions, at /category/<label>', async () => {
    const site = await buildSite(
      await writeSite({
        'docs/intro.md': page('Intro', 'Hello.'),
        'docs/guides/_category_.json': category('Getting Started', { type: 'generated-index' }),
        'docs/guides/setup.md': '---\ntitle: Setup\ndescription: Install the tools.\n---\n\nText.\n',
        'docs/guides/deploy.md': page('Deploy', 'Text.'),
      }),
    );
    const generated = site.pages.find((p) => p.route === '/category/getting-started')!;
    expect(generated).toMatchObject({ title: 'Getting Started', sidebar: 'docs', hideTableOfContents: true });
    expect(JSON.stringify(generated.tree)).toContain('Install the tools.');
    expect(JSON.stringify(generated.tree)).toContain('"href":"/guides/setup"');
    const guides = site.sidebars.docs!.find((item) => item.label === 'Getting Started')!;
    expect(guides.href).toBe('/category/getting-started');
    // The category's docs lead back to it in their breadcrumbs.
    expect(site.pages.find((p) => p.route === '/guides/setup')!.breadcrumbs[0]).toEqual({
      label: 'Getting Started',
      href: '/category/getting-started',
    });
  });

  it('gives the second of two categories with one label a numbered page, and says so', async () => {
    const site = await buildSite(
      await writeSite({
        'docs/a/_category_.json': category('Query', { type: 'generated-index' }),
        'docs/a/one.md': page('One', 'Text.'),
        'docs/b/_category_.json': category('Query', { type: 'generated-index' }),
        'docs/b/two.md': page('Two', 'Text.'),
      }),
    );
    expect(site.pages.map((p) => p.route).filter((route) => route.startsWith('/category/'))).toEqual([
      '/category/query',
      '/category/query-2',
    ]);
    expect(site.warnings.map((warning) => warning.message)).toEqual([
      expect.stringMatching(/^docs\/b\/_category_\.json: .*category "Query" is at \/category\/query-2/),
    ]);
  });

  it('stops the build when a slug the site gave is another page’s route', async () => {
    const error = (
      await expectBuildFailure(
        await writeSite({
          'docs/intro.md': page('Intro', 'Hello.'),
          'docs/a/_category_.json': category('A', { type: 'generated-index', slug: '/intro' }),
          'docs/a/one.md': page('One', 'Text.'),
        }),
      )
    ).onlyError();
    expect(error.message).toMatch(/^docs\/a\/_category_\.json: .*route \/intro, which another page has/);
    expect(error.fix).toMatch(/slug/);
  });
});

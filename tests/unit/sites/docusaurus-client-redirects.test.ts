// `@docusaurus/plugin-client-redirects` read from a Docusaurus config: its `redirects`,
// `createRedirects` and `fromExtensions` become redirects of the route table, never over a page,
// and one that leads to no page is left out with a warning.

import { describe, expect, it } from 'vitest';
import { buildSite, page, writeSite } from '../support/sites.ts';

const site = (options: string) =>
  writeSite({
    'docusaurus.config.js': `module.exports = { title: 'T', url: 'https://x.test', baseUrl: '/', presets: [['classic', { docs: { routeBasePath: '/docs', sidebarPath: false }, blog: false }]], plugins: [['@docusaurus/plugin-client-redirects', ${options}]] };`,
    'docs/intro.md': page('Intro', 'Welcome.'),
    'docs/guides/setup.md': page('Setup', 'Install it.'),
  });

describe('plugin-client-redirects', () => {
  it('serves its redirects list, each `from` of a list, and no longer warns that the plugin is not run', async () => {
    const built = await buildSite(
      await site(
        `{ redirects: [{ from: '/start', to: '/docs/intro' }, { from: ['/setup', '/install/'], to: '/docs/guides/setup' }] }`,
      ),
    );
    expect(built.routeTargets.get('/start')).toEqual({ redirect: '/docs/intro' });
    expect(built.routeTargets.get('/setup')).toEqual({ redirect: '/docs/guides/setup' });
    expect(built.routeTargets.get('/install')).toEqual({ redirect: '/docs/guides/setup' });
    expect(built.warnings.map((warning) => warning.problem)).toEqual([]);
  });

  it('asks createRedirects for every page, and makes /page.html lead to /page with fromExtensions', async () => {
    const built = await buildSite(
      await site(
        `{ fromExtensions: ['html'], createRedirects: (path) => path.startsWith('/docs/guides') ? [path.replace('/docs/guides', '/guides')] : undefined }`,
      ),
    );
    expect(built.routeTargets.get('/guides/setup')).toEqual({ redirect: '/docs/guides/setup' });
    expect(built.routeTargets.get('/docs/intro.html')).toEqual({ redirect: '/docs/intro' });
    expect(built.routeTargets.has('/guides/intro')).toBe(false);
  });

  it('never puts a redirect in place of a page, and leaves out one that leads to no page, with a warning', async () => {
    const built = await buildSite(
      await site(
        `{ redirects: [{ from: '/docs/intro', to: '/docs/guides/setup' }, { from: '/old', to: '/docs/missing' }] }`,
      ),
    );
    expect(built.routeTargets.get('/docs/intro')).toHaveProperty('page');
    expect(built.routeTargets.has('/old')).toBe(false);
    expect(built.warnings.map((warning) => `${warning.file}: ${warning.problem}`)).toEqual([
      'docusaurus.config.js: plugin-client-redirects redirects[1]: /old → /docs/missing leads to no page, so it is left out',
    ]);
  });
});

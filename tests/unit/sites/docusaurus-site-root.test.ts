// A swizzled Root that adds head tags with <Head> (tests/fixtures/docusaurus-site-root, after
// AlexJPotter/fluentvalidation-ts, whose Root loads its web font): every page has the tags, and
// the pages' CSP allows the origins they load from. A Root is still not drawn around the pages.

import { describe, expect, it } from 'vitest';
import { servedHtml } from '../support/served-html.ts';
import { buildSite, writeSite, type BuiltSite } from '../support/sites.ts';

const fixture = 'tests/fixtures/docusaurus-site-root';

let built: Promise<BuiltSite> | undefined;
const site = () => (built ??= buildSite(fixture));

describe('a swizzled Root’s <Head>', () => {
  it('gives every page its tags', async () => {
    const { manifest, pages } = await site();
    const html = await servedHtml(
      manifest,
      pages.find((page) => page.route === '/')!,
    );
    expect(html).toContain('<link rel="preconnect" href="https://fonts.gstatic.com" crossorigin');
    expect(html).toContain('href="https://fonts.googleapis.com/css2?family=Montserrat&amp;display=swap"');
    expect(html).toContain('<meta name="theme-color" content="#02735b"');
  });

  it('has the pages’ CSP allow the stylesheet and the fonts it loads', async () => {
    const { manifest } = await site();
    expect(manifest.head?.sources.style).toContain('https://fonts.googleapis.com');
    expect(manifest.head?.sources.font).toContain('https://fonts.gstatic.com');
  });

  it('says what of the Root is served instead of that it is not used', async () => {
    const messages = (await site()).warnings.map((warning) => warning.message);
    expect(messages.some((message) => /Root.*<Head> tags are served on every page/.test(message))).toBe(true);
    expect(messages.some((message) => /Root is not used/.test(message))).toBe(false);
  });

  it('leaves a Root that does not render at build time unused, with its warning, and builds', async () => {
    const broken = await writeSite({
      'docusaurus.config.js': "export default { title: 'T', url: 'https://t.example.com' };\n",
      'docs/intro.md': '# Intro\n',
      'src/theme/Root.js': [
        "import Head from '@docusaurus/Head';",
        'export default function Root({ children }) {',
        "  if (typeof window === 'undefined') throw new Error('browser only');",
        '  return <><Head><meta name="x" content="y" /></Head>{children}</>;',
        '}',
        '',
      ].join('\n'),
    });
    const { warnings, manifest } = await buildSite(broken);
    expect(warnings.map((warning) => warning.message).join('\n')).toMatch(/swizzled theme component Root is not used/);
    expect(JSON.stringify(manifest.head?.tags ?? [])).not.toContain('"name":"x"');
  });
});

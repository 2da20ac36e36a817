// A Docusaurus site's own look, served (tests/fixtures/docusaurus-styled): its custom CSS linked
// after ours, its head tags written escaped, and the CSP of its pages allowing exactly the origins
// its config and CSS load from; the fixture site without any of these keeps the plain policy.

import { bootLoaderScript, lazyLayoutScript } from '../../../worker/render/inline-scripts.ts';
import { beforeEach, describe, expect, it } from 'vitest';
import { deployFixture, type DeployedBuild } from '../support/deploy.ts';
import { cspDirectives, readDocument } from '../support/html.ts';
import { get } from '../support/requests.ts';

/** The document's head, as served. */
function headOf(html: string): string {
  return html.slice(html.indexOf('<head>'), html.indexOf('</head>'));
}

describe('a site with custom CSS and head tags', () => {
  let build: DeployedBuild;
  let response: Response;
  let html: string;

  beforeEach(async () => {
    build = await deployFixture({ fixture: 'docusaurus-styled' });
    response = await get('/docs/intro');
    html = await response.text();
  });

  it('links the site’s stylesheet after the engine’s own', () => {
    const styles = build.manifest.assets.styles;
    expect(styles.at(-1)).toMatch(/^\/assets\/site-[0-9A-Z]{8}\.css$/);
    const links = [...headOf(html).matchAll(/<link rel="stylesheet" href="([^"]+)"/g)].map((match) => match[1]);
    // The config's stylesheets come after both, as head tags.
    expect(links).toEqual([...styles, 'https://cdn.example.test/katex@0.16/katex.min.css']);
  });

  it('writes the config’s head tags, stylesheets and scripts with their attributes escaped', () => {
    const head = headOf(html);
    expect(head).toContain('<link rel="preconnect" href="https://cdn.example.test">');
    expect(head).toContain('<meta name="generator" content="Docs &lt;fixture&gt; &amp; &quot;friends&quot;">');
    expect(head).toContain(
      '<link rel="stylesheet" href="https://cdn.example.test/katex@0.16/katex.min.css" type="text/css" integrity="sha384-abc&quot;def" crossorigin="anonymous">',
    );
    expect(head).toContain('<script src="https://analytics.example.test/script.js" defer></script>');
    expect(head).toContain('<script src="/js/local.js"></script>');
  });

  it('leaves out what the CSP would block or should not allow', async () => {
    const head = headOf(html);
    expect(head).not.toContain('window.inline');
    expect(head).not.toContain('onload');
    expect(head).not.toContain('insecure.example.test');
    expect(head).not.toContain('<iframe');
    // Only the engine's own inline scripts, which the CSP names by hash: none of the site's.
    expect((await readDocument(html)).inlineScripts).toEqual([lazyLayoutScript, bootLoaderScript]);
  });

  it('allows the site’s script, style and font origins in the CSP, and nothing inline for scripts', () => {
    const csp = cspDirectives(response.headers.get('content-security-policy'));
    expect(csp.get('script-src')).toContain('https://analytics.example.test');
    expect(csp.get('script-src')).not.toContain("'unsafe-inline'");
    expect(csp.get('style-src')).toEqual(
      expect.arrayContaining(["'self'", 'https://cdn.example.test', 'https://fonts.googleapis.com']),
    );
    expect(csp.get('font-src')).toEqual(
      expect.arrayContaining(['https://cdn.example.test', 'https://fonts.googleapis.com', 'https://fonts.gstatic.com']),
    );
    expect(csp.get('default-src')).toEqual(["'self'"]);
  });
});

describe('a site without them', () => {
  it('keeps the engine’s stylesheets only and the plain CSP', async () => {
    const build = await deployFixture();
    const response = await get('/intro');
    const html = await response.text();
    expect(build.manifest.head).toBeUndefined();
    expect(headOf(html)).not.toContain('/assets/site-');
    const csp = cspDirectives(response.headers.get('content-security-policy'));
    expect(csp.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
    expect(csp.get('font-src')).toEqual(["'self'"]);
    // Itself and the hashes of the page's own constant inline scripts, nothing else.
    const [self, ...hashes] = csp.get('script-src') ?? [];
    expect(self).toBe("'self'");
    expect(hashes.length).toBeGreaterThan(0);
    for (const hash of hashes) expect(hash).toMatch(/^'sha256-[A-Za-z0-9+/]+=*'$/);
  });
});

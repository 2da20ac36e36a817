// A Docusaurus site whose MDX pages import the theme's components and hooks
// (tests/fixtures/docusaurus-components): what a reader receives from the server, before any
// script runs.

import { beforeEach, describe, expect, it } from 'vitest';
import { deployFixture } from '../support/deploy.ts';
import { attributesOf, textOf, textsOf } from '../support/html.ts';
import { get } from '../support/requests.ts';

beforeEach(async () => {
  await deployFixture({ fixture: 'docusaurus-components' });
});

async function page(route: string, cookie?: string): Promise<string> {
  const response = await get(route, cookie ? { cookie } : {});
  expect(response.status).toBe(200);
  return response.text();
}

const tour = (cookie?: string) => page('/docs/guides/tour', cookie);

describe('@theme/TOCInline', () => {
  it("lists the page's h2 and h3 headings by default, h3 under its h2", async () => {
    const html = await tour();
    const first = '.markdown > .toc-inline:first-of-type';
    expect(await attributesOf(html, `${first} a`, 'href')).toEqual([
      '#site-facts',
      '#pictures',
      '#code',
      '#highlighted-lines',
      '#notes-and-details',
      '#links',
      '#live-demo',
    ]);
    expect(await textOf(html, `${first} > ul > li > ul a`)).toBe('Highlighted lines');
  });

  it('shows a filtered toc and honours minHeadingLevel and maxHeadingLevel', async () => {
    const html = await tour();
    expect(await attributesOf(html, '.toc-top-level a', 'href')).toEqual([
      '#site-facts',
      '#pictures',
      '#code',
      '#notes-and-details',
      '#links',
      '#live-demo',
    ]);
    expect(await attributesOf(html, '.toc-deep a', 'href')).toEqual(['#highlighted-lines', '#deep-heading']);
  });
});

describe('@theme/ThemedImage', () => {
  it('sends an image for each theme, marked so the stylesheet shows the one <html data-theme> names', async () => {
    const html = await tour('theme=dark');
    expect(html).toMatch(/<html[^>]* data-theme="dark"/);
    expect(await attributesOf(html, 'img.themed-image', 'src')).toEqual([
      '/img/diagram-light.svg',
      '/img/diagram-dark.svg',
    ]);
    expect(await attributesOf(html, 'img.themed-image', 'class')).toEqual([
      'themed-image themed-image-light',
      'themed-image themed-image-dark',
    ]);
    expect(await attributesOf(html, 'img.themed-image', 'alt')).toEqual([
      'Architecture diagram',
      'Architecture diagram',
    ]);
  });
});

describe('@theme/CodeBlock', () => {
  it('highlights JSX code blocks at build time, with their title, language and line numbers', async () => {
    const html = await tour();
    expect(await attributesOf(html, '.code-block pre', 'data-language')).toEqual(['jsx', 'js', 'python']);
    expect(await textsOf(html, '.code-block-title')).toEqual(['/src/components/Greeting.js', 'hello.js']);
    const [greeting, hello] = await attributesOf(html, '.code-block pre', 'class');
    expect(greeting).toContain('code-line-numbers');
    expect(hello).not.toContain('code-line-numbers');
    expect((await textsOf(html, '.code-block pre'))[0]).toBe(
      'export function Greeting({ name }) {\nreturn <h1>Hello, {name}</h1>;\n}',
    );
    // Coloured as fences are: a class a light/dark colour pair (code-tokens.css).
    const tokens = await attributesOf(html, '.code-block pre code span:not(.line)', 'class');
    expect(tokens.length).toBeGreaterThan(3);
    for (const token of tokens) expect(token).toMatch(/^tk\d+( tk-[ibus])*$/);
  });

  it('shows the text of a raw-loader import, and the lines a metastring highlights', async () => {
    const html = await tour();
    expect((await textsOf(html, '.code-block pre'))[1]).toBe(
      'export function hello(name) {\n  return `Hello, ${name}!`;\n}',
    );
    const python = 'pre[data-language="python"] span.line';
    expect(await attributesOf(html, python, 'class')).toEqual(['line', 'line code-line-highlighted']);
  });
});

describe('@theme/Admonition and @theme/Details', () => {
  it('renders an imported Admonition with its type and title, and Details with its summary prop', async () => {
    const html = await tour();
    expect(await textOf(html, '.admonition-warning .admonition-heading')).toBe('Mind the gap');
    expect(await textOf(html, '.admonition-warning .admonition-content')).toContain('keep their type and title');
    expect(await textOf(html, 'details.details > summary')).toBe('Why a static page?');
    expect(await textOf(html, 'details.details')).toContain('Pages are built once');
  });
});

describe('@docusaurus/Link, useBaseUrl and useDocusaurusContext', () => {
  it('resolves Link targets like Markdown links: a .mdx file to its route, an external URL to a new tab', async () => {
    const html = await tour();
    expect(await attributesOf(html, '.markdown p a', 'href')).toEqual([
      'mailto:help@components.example.test',
      '/docs/guides/install',
      '/docs/intro',
      'https://docusaurus.io',
    ]);
    expect(await attributesOf(html, 'a[href="https://docusaurus.io"]', 'target')).toEqual(['_blank']);
    expect(await attributesOf(html, 'a.button', 'href')).toEqual(['/docs/intro']);
  });

  it('turns useBaseUrl paths into site paths and siteConfig values into text', async () => {
    const html = await tour();
    expect(await attributesOf(html, 'img[alt="Logo"]', 'src')).toEqual(['/img/logo.svg']);
    expect(await textOf(html, '.site-facts')).toBe(
      'Components Fixture release Aurora — write to help@components.example.test.',
    );
    expect(await attributesOf(html, '.site-facts a', 'href')).toEqual(['mailto:help@components.example.test']);
  });
});

describe('@docusaurus/BrowserOnly', () => {
  it('serves the fallback in place of content that only a browser could run', async () => {
    const html = await tour();
    expect(await textOf(html, '.demo-fallback')).toBe('The live demo needs a browser.');
    expect(html).not.toContain('window.location');
  });
});

describe('@theme/Tabs', () => {
  it('renders every panel on the server, the default one shown, with labels from TabItem or `values`', async () => {
    const html = await page('/docs/guides/install');
    expect(await textsOf(html, '[role="tablist"]')).toEqual([
      'macOSLinuxWindows',
      'macOSLinuxWindows',
      'npmYarn',
      'JavaScriptTypeScript',
    ]);
    const selected = await attributesOf(html, '[role="tab"]', 'aria-selected');
    // Linux is the first group's `default`; the second group of the same id has none; `defaultValue="ts"`.
    expect(selected).toEqual(['false', 'true', 'false', 'true', 'false', 'false', 'true', 'false', 'false', 'true']);
    const shown = await attributesOf(html, '[role="tabpanel"]', 'hidden');
    expect(shown.map((hidden) => hidden === null)).toEqual(selected.map((value) => value === 'true'));
    expect((await textsOf(html, '[role="tabpanel"]'))[1]).toBe('Download the Linux tarball.');
  });
});

describe('the Markdown view', () => {
  it('writes the components as plain Markdown: the light picture, the code title, the summary', async () => {
    const markdown = await (await get('/docs/guides/tour.md')).text();
    expect(markdown).toContain('![Architecture diagram](https://components.example.test/img/diagram-light.svg)\n');
    expect(markdown).not.toContain('diagram-dark.svg');
    expect(markdown).toContain('```jsx title="/src/components/Greeting.js"\n');
    expect(markdown).toContain('**Why a static page?**\n\nPages are built once');
    expect(markdown).toContain('The live demo needs a browser.');
  });
});

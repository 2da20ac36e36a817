// The site for machines: every page as Markdown at `<route>.md` (or by `Accept: text/markdown`),
// `/llms.txt` and `/llms-full.txt`, with ETags, 304s and the edge cache like the pages.

import { beforeEach, describe, expect, it } from 'vitest';
import { deployFixture } from '../support/deploy.ts';
import { get, getSettled } from '../support/requests.ts';

beforeEach(async () => {
  await deployFixture();
});

const componentsMarkdown = `# Every component

Read the [introduction](https://docs.example.test/intro) first.

> **Heads up**
>
> Asides keep their **title**.

## npm

\`\`\`bash
npm install fixture
\`\`\`

## Yarn

Run yarn.

**More detail**

Hidden text.

\`\`\`ts title="config.ts"
export const answer = 42;
\`\`\`

| Name | Value |
| --- | --- |
| a | 1 |

*Diagram: Flow diagram* — Requests go from the reader to the worker.

![A diagram](https://docs.example.test/assets/media/diagram-5248738f90.svg)
`;

describe('a page as Markdown', () => {
  it('turns every MDX component into plain Markdown with absolute links', async () => {
    const response = await get('/components.md');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
    expect(response.headers.get('vary')).toBe('Accept');
    expect(await response.text()).toBe(componentsMarkdown);
  });

  it('leaves out the frontmatter and keeps the page heading and admonition titles', async () => {
    const text = await (await get('/intro.md')).text();
    expect(text).not.toContain('sidebar_position');
    expect(text.startsWith('# Welcome to the fixture\n')).toBe(true);
    expect(text).toContain('> **Quick tip**');
    expect(text).toContain('[setup](https://docs.example.test/guides/setup)');
  });

  it('answers `Accept: text/markdown` on the page URL with the same Markdown', async () => {
    const response = await get('/components', { headers: { accept: 'text/markdown' } });
    expect(response.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
    expect(response.headers.get('vary')).toContain('Accept');
    expect(await response.text()).toBe(componentsMarkdown);
    const html = await get('/components', { headers: { accept: 'text/html,*/*;q=0.8' } });
    expect(html.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(html.headers.get('vary')).toContain('Accept');
  });

  it('serves an unlisted page at its own .md', async () => {
    const response = await get('/guides/preview.md');
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('zanzibar');
  });

  it('answers 404 in plain text for a page that does not exist', async () => {
    const response = await get('/no-such-page.md');
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-store');
  });

  it('sends an old address to the Markdown of the page it moved to', async () => {
    const response = await get('/guides/advanced.md');
    expect(response.status).toBe(301);
    expect(response.headers.get('location')).toBe('/guides/advanced-topics.md');
  });
});

describe('llms.txt', () => {
  it('lists the listed pages by sidebar section with absolute URLs and descriptions', async () => {
    const response = await get('/llms.txt');
    expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    const text = await response.text();
    expect(text).toBe(
      [
        '# Fixture Docs',
        '',
        '> A small site for tests',
        '',
        '## Overview',
        '',
        '- [Introduction](https://docs.example.test/intro): The first page of the fixture site.',
        '',
        '## Guides',
        '',
        '- [Setup guide](https://docs.example.test/guides/setup): Back to the introduction.',
        '- [Advanced](https://docs.example.test/guides/advanced-topics): Choose',
        '',
        '## Reference',
        '',
        '- [API](https://docs.example.test/reference/api): Reference of the fixture API.',
        '',
        '## Other pages',
        '',
        '- [Every component](https://docs.example.test/components): One of each component, for the Markdown export.',
        '- [Standalone page](https://docs.example.test/standalone): A page that is in no sidebar.',
        '',
      ].join('\n'),
    );
    expect(text).not.toContain('preview');
  });
});

describe('llms-full.txt', () => {
  it('holds every listed page in sidebar order under its title and canonical URL', async () => {
    const response = await get('/llms-full.txt');
    expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    const text = await response.text();
    expect(text.startsWith('# Fixture Docs\n\n> A small site for tests\n')).toBe(true);
    const urls = [...text.matchAll(/^URL: (.+)$/gm)].map((match) => match[1]);
    expect(urls).toEqual([
      'https://docs.example.test/intro',
      'https://docs.example.test/guides/setup',
      'https://docs.example.test/guides/advanced-topics',
      'https://docs.example.test/reference/api',
      'https://docs.example.test/components',
      'https://docs.example.test/standalone',
    ]);
    expect(text).toContain('# Every component\n\nURL: https://docs.example.test/components\n');
    expect(text).toContain('*Diagram: Flow diagram*');
    expect(text).not.toContain('zanzibar');
  });
});

describe('Markdown views when the store fails', () => {
  it('answers 503 in plain text, without internals, when the build is unreadable', async () => {
    await deployFixture({ omit: ['manifest'] });
    for (const path of ['/llms.txt', '/llms-full.txt', '/intro.md']) {
      const response = await get(path);
      expect(response.status).toBe(503);
      expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(await response.text()).not.toMatch(/StoreUnavailable|b:[0-9a-f]{12}:|<html/);
    }
  });
});

describe('caching of the Markdown views', () => {
  for (const path of ['/components.md', '/llms.txt', '/llms-full.txt']) {
    it(`serves ${path} from the edge cache the second time, with an ETag and 304 on If-None-Match`, async () => {
      const first = await getSettled(path);
      expect(first.response.headers.get('x-html-cache')).toBe('miss');
      const etag = first.response.headers.get('etag');
      expect(etag).toMatch(/^"[0-9a-f]{12}-markdown"$/);
      expect(first.response.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
      const second = await getSettled(path);
      expect(second.response.headers.get('x-html-cache')).toBe('hit');
      expect(second.body).toBe(first.body);
      const revalidated = await getSettled(path, { headers: { 'if-none-match': etag! } });
      expect(revalidated.response.status).toBe(304);
      expect(revalidated.body).toBe('');
      expect(revalidated.response.headers.get('etag')).toBe(etag);
    });
  }
});

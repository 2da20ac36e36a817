// One renderer for compiled pages: the stored tree becomes React elements, on the server and
// in the browser. Pages can only use registered components and never get script hooks.

import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { TreeNode } from '../../../client/contract/page.ts';
import { contentComponents } from '../../../client/components/content/registry.ts';
import { renderTree } from '../../../client/render-tree.tsx';

const html = (nodes: TreeNode[], components = {}) => renderToStaticMarkup(<>{renderTree(nodes, components)}</>);

describe('renderTree', () => {
  it('renders HTML tags, text and props in React form', () => {
    expect(html([{ t: 'p', p: { className: 'lead' }, c: ['Hello ', { t: 'strong', c: ['world'] }] }])).toBe(
      '<p class="lead">Hello <strong>world</strong></p>',
    );
  });

  it('escapes text, so content cannot inject markup', () => {
    expect(html(['<script>alert(1)</script>'])).toBe('&lt;script&gt;alert(1)&lt;/script&gt;');
  });

  it('renders void elements without children', () => {
    // (React may add a <link rel="preload"> for an eager image; only the elements matter here.)
    expect(
      html([
        { t: 'p', c: ['a', { t: 'br' }, 'b'] },
        { t: 'img', p: { src: '/a.png', alt: 'A' } },
      ]),
    ).toContain('<p>a<br/>b</p><img src="/a.png" alt="A"/>');
  });

  it('renders SVG with its camelCase attributes as SVG attributes', () => {
    const svg: TreeNode = {
      t: 'svg',
      p: { viewBox: '0 0 10 10', strokeWidth: '2', fillRule: 'evenodd' },
      c: [{ t: 'path', p: { d: 'M0 0h10', strokeLinecap: 'round' } }],
    };
    expect(html([svg])).toBe(
      '<svg viewBox="0 0 10 10" stroke-width="2" fill-rule="evenodd"><path d="M0 0h10" stroke-linecap="round"></path></svg>',
    );
  });

  it('renders style objects as inline CSS, custom properties included', () => {
    expect(html([{ t: 'span', p: { style: { '--shiki-light': '#111', color: 'red' } }, c: ['x'] }])).toBe(
      '<span style="--shiki-light:#111;color:red">x</span>',
    );
  });

  it('drops on* event props and dangerouslySetInnerHTML', () => {
    const markup = html([
      {
        t: 'a',
        p: {
          href: '/x',
          onClick: 'alert(1)',
          onmouseover: 'alert(2)',
          dangerouslySetInnerHTML: { __html: '<b>x</b>' },
        },
        c: ['link'],
      },
    ]);
    expect(markup).toBe('<a href="/x">link</a>');
  });

  it('drops javascript: and other script URLs from href and src', () => {
    expect(html([{ t: 'a', p: { href: 'javascript:alert(1)' }, c: ['a'] }])).toBe('<a>a</a>');
    expect(html([{ t: 'a', p: { href: '  JavaScript:alert(1)' }, c: ['b'] }])).toBe('<a>b</a>');
    expect(html([{ t: 'img', p: { src: 'data:text/html,<script>alert(1)</script>' } }])).toBe('<img/>');
    expect(html([{ t: 'a', p: { href: 'https://example.test' }, c: ['ok'] }])).toBe(
      '<a href="https://example.test">ok</a>',
    );
  });

  it('keeps links whose path merely starts like a script scheme', () => {
    for (const href of [
      'javascript-guide',
      'vbscript/intro',
      'data-text-html.md',
      './javascript:notes',
      '/javascript:x',
    ])
      expect(html([{ t: 'a', p: { href }, c: ['ok'] }])).toBe(`<a href="${href}">ok</a>`);
    expect(html([{ t: 'img', p: { src: 'data:image/png;base64,AAAA' } }])).toContain(
      'src="data:image/png;base64,AAAA"',
    );
  });

  it('drops script URLs the browser would still run after its own URL clean-up', () => {
    const disguised = [
      'java\tscript:alert(1)',
      'java\nscript:alert(1)',
      'java\r\nscript:alert(1)',
      ' \x01javascript:alert(1)',
      '\x00javascript:alert(1)',
      'javascript:alert(1)\x1f ',
      'VBScript:msgbox(1)',
      'data:text/html;base64,PHNjcmlwdD4=',
      'DATA:Text/HTML,<script>alert(1)</script>',
    ];
    for (const url of disguised)
      expect(html([{ t: 'a', p: { href: url }, c: ['x'] }]), JSON.stringify(url)).toBe('<a>x</a>');
  });

  it('checks every attribute that holds a followed URL, not only href and src', () => {
    const url = 'javascript:alert(1)';
    expect(html([{ t: 'form', p: { action: url }, c: [{ t: 'button', p: { formAction: url }, c: ['go'] }] }])).toBe(
      '<form><button>go</button></form>',
    );
    expect(html([{ t: 'svg', c: [{ t: 'a', p: { xlinkHref: url }, c: ['x'] }] }])).toBe('<svg><a>x</a></svg>');
    expect(html([{ t: 'svg', c: [{ t: 'a', p: { 'xlink:href': url }, c: ['x'] }] }])).toBe('<svg><a>x</a></svg>');
    expect(html([{ t: 'video', p: { poster: url } }])).toBe('<video></video>');
    expect(html([{ t: 'blockquote', p: { cite: url }, c: ['q'] }])).toBe('<blockquote>q</blockquote>');
    expect(html([{ t: 'object', p: { data: url } }])).toBe('<object></object>');
  });

  it('renders an unregistered capitalised component as its children only', () => {
    expect(html([{ t: 'Foo', p: { x: 1 }, c: ['inside'] }])).toBe('inside');
    expect(html([{ t: 'Foo' }])).toBe('');
  });

  it('renders registered components from the registry it is given', () => {
    const Shout = ({ children }: { children?: ReactNode }) => <em data-shout="">{children}</em>;
    expect(html([{ t: 'Shout', c: ['hey'] }], { Shout })).toBe('<em data-shout="">hey</em>');
  });
});

describe('the content component registry', () => {
  it('renders an Admonition with its type class and title, or the default title', () => {
    const tip = html(
      [{ t: 'Admonition', p: { type: 'tip', title: 'Quick tip' }, c: [{ t: 'p', c: ['Body'] }] }],
      contentComponents,
    );
    expect(tip).toMatch(/^<aside class="admonition admonition-tip" aria-label="Quick tip">/);
    expect(tip).toContain('Quick tip</p>');
    expect(tip).toContain('<div class="admonition-content"><p>Body</p></div>');
    expect(html([{ t: 'Admonition', p: { type: 'warning' }, c: ['x'] }], contentComponents)).toContain(
      'aria-label="Warning"',
    );
  });

  it('makes the text of h2–h6 a link to the heading, named by that text, and leaves h1 plain', () => {
    expect(html([{ t: 'h2', p: { id: 'intro' }, c: ['Intro'] }], contentComponents)).toBe(
      '<h2 id="intro"><a href="#intro">Intro</a></h2>',
    );
    expect(html([{ t: 'h1', p: { id: 'title' }, c: ['Title'] }], contentComponents)).toBe('<h1 id="title">Title</h1>');
  });

  it('keeps a "#" link beside a heading that holds a link of its own: links cannot nest', () => {
    const heading: TreeNode = {
      t: 'h3',
      p: { id: 'see' },
      c: ['See ', { t: 'a', p: { href: '/api' }, c: ['the API'] }],
    };
    expect(html([heading], contentComponents)).toBe(
      '<h3 id="see">See <a href="/api">the API</a><a class="hash-link" href="#see" aria-label="Direct link to See the API">#</a></h3>',
    );
  });

  it('opens outside links in a new tab with noopener, and keeps inside links as they are', () => {
    expect(html([{ t: 'a', p: { href: 'https://example.test' }, c: ['out'] }], contentComponents)).toMatch(
      /^<a href="https:\/\/example.test" target="_blank" rel="noopener noreferrer">out<span class="icon icon-external/,
    );
    expect(html([{ t: 'a', p: { href: '/inside' }, c: ['in'] }], contentComponents)).toBe('<a href="/inside">in</a>');
  });

  it('renders a highlighted code block with its title and a copy button', () => {
    const pre: TreeNode = {
      t: 'pre',
      p: { className: 'shiki', 'data-title': 'install.sh', 'data-language': 'bash' },
      c: [{ t: 'code', c: ['npm i'] }],
    };
    const markup = html([pre], contentComponents);
    expect(markup).toContain('<div class="code-block-title">install.sh</div>');
    expect(markup).toContain('<pre class="shiki" tabindex="0" data-language="bash"><code>npm i</code></pre>');
    expect(markup).toContain('aria-label="Copy code to clipboard"');
  });

  it('wraps tables in a scrollable, labelled region and lazy-loads images', () => {
    expect(html([{ t: 'table', c: [{ t: 'tbody' }] }], contentComponents)).toBe(
      '<div class="table-wrapper" tabindex="0" role="region" aria-label="Table"><table><tbody></tbody></table></div>',
    );
    expect(html([{ t: 'img', p: { src: '/a.png', alt: 'A' } }], contentComponents)).toBe(
      '<img loading="lazy" decoding="async" src="/a.png" alt="A"/>',
    );
  });

  it('renders Tabs with the default tab selected and the other panels hidden', () => {
    const tabs: TreeNode = {
      t: 'Tabs',
      c: [
        { t: 'TabItem', p: { value: 'npm', label: 'npm' }, c: ['npm install'] },
        { t: 'TabItem', p: { value: 'yarn', label: 'Yarn', default: true }, c: ['yarn add'] },
      ],
    };
    const markup = html([tabs], contentComponents);
    expect(markup).toMatch(/<button[^>]*role="tab"[^>]*aria-selected="false"[^>]*>npm<\/button>/);
    expect(markup).toMatch(/<button[^>]*role="tab"[^>]*aria-selected="true"[^>]*>Yarn<\/button>/);
    expect(markup).toMatch(/<div[^>]* role="tabpanel"[^>]*hidden=""[^>]*>npm install<\/div>/);
    expect(markup).toMatch(/<div[^>]* role="tabpanel"[^>]*class="tab-panel">yarn add<\/div>/);
  });

  it('renders <details> with the details class', () => {
    expect(html([{ t: 'Details', c: [{ t: 'summary', c: ['More'] }, 'Body'] }], contentComponents)).toBe(
      '<details class="details"><summary>More</summary>Body</details>',
    );
  });

  it('renders the summary prop of Details, as text or as page content', () => {
    expect(html([{ t: 'Details', p: { summary: 'Why?' }, c: ['Body'] }], contentComponents)).toBe(
      '<details class="details"><summary>Why?</summary>Body</details>',
    );
    const content = { $content: ['Why ', { t: 'em', c: ['now'] }, '?'] };
    expect(html([{ t: 'Details', p: { summary: content }, c: ['Body'] }], contentComponents)).toBe(
      '<details class="details"><summary>Why <em>now</em>?</summary>Body</details>',
    );
  });

  it('renders content props through the registry and leaves data props as they are', () => {
    const title = { $content: [{ t: 'code', c: ['npm'] }, ' only'] };
    const markup = html([{ t: 'Admonition', p: { type: 'tip', title }, c: ['Body'] }], contentComponents);
    expect(markup).toContain('<code>npm</code> only</p>');
    expect(html([{ t: 'span', p: { style: { color: 'red' } }, c: ['x'] }])).toBe('<span style="color:red">x</span>');
  });
});

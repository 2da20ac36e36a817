// What the worker writes into the HTML document around the React app: attribute values and
// the boot data must never break out of their place.

import { describe, expect, it } from 'vitest';
import { escapeHtml, serialiseJson } from '../../../../worker/render/document.tsx';

describe('escapeHtml', () => {
  it('escapes the five characters that matter in text and attributes', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;',
    );
  });

  it('leaves other text, accents and emoji included, as it is', () => {
    expect(escapeHtml('Café — déjà vu 🚀')).toBe('Café — déjà vu 🚀');
  });

  it('escapes an ampersand once, so entities in titles show as written', () => {
    expect(escapeHtml('&amp;')).toBe('&amp;amp;');
  });
});

describe('serialiseJson', () => {
  it('cannot close its <script> element or open a comment', () => {
    const json = serialiseJson({ title: '</script><script>alert(1)</script>', note: '<!-- x -->' });
    expect(json).not.toMatch(/<\/script/i);
    expect(json).not.toContain('<!--');
    expect(json).not.toContain('<');
  });

  it('escapes the line separators that end a line in old script parsers', () => {
    const json = serialiseJson({ text: 'a\u2028b\u2029c' });
    expect(json).not.toMatch(/[\u2028\u2029]/);
    expect(json).toContain('\\u2028');
  });

  it('reads back to the same value', () => {
    const value = { title: '</script>', text: 'a\u2028b', list: [1, 'é', null], nested: { ok: true } };
    expect(JSON.parse(serialiseJson(value))).toEqual(value);
  });
});

// Reads the parts of a served HTML document that tests look at, with workerd's HTMLRewriter.

import type { BootData } from '../../../client/contract/boot.ts';

export interface ServedDocument {
  html: string;
  /** Attributes of <html>. */
  theme: string | null;
  themePreference: string | null;
  title: string;
  /** <meta name|property=… content=…> by name or property. */
  meta: Record<string, string>;
  canonical: string | null;
  /** Text of inline executable scripts (no src, not JSON). */
  inlineScripts: string[];
  boot: BootData;
}

export async function readDocument(html: string): Promise<ServedDocument> {
  const doc: Omit<ServedDocument, 'boot'> & { bootText: string } = {
    html,
    theme: null,
    themePreference: null,
    title: '',
    meta: {},
    canonical: null,
    inlineScripts: [],
    bootText: '',
  };
  let script: { text: string; inline: boolean } | undefined;
  await new HTMLRewriter()
    .on('html', {
      element(element) {
        doc.theme = element.getAttribute('data-theme');
        doc.themePreference = element.getAttribute('data-theme-preference');
      },
    })
    .on('head > title', { text: (text) => void (doc.title += text.text) })
    .on('meta[content]', {
      element(element) {
        const key = element.getAttribute('name') ?? element.getAttribute('property');
        if (key) doc.meta[key] = decodeEntities(element.getAttribute('content') ?? '');
      },
    })
    .on('link[rel="canonical"]', { element: (element) => void (doc.canonical = element.getAttribute('href')) })
    .on('script', {
      element(element) {
        const type = element.getAttribute('type');
        script = {
          text: '',
          inline: !element.hasAttribute('src') && (type === null || type === 'text/javascript' || type === 'module'),
        };
        element.onEndTag(() => {
          if (script?.inline) doc.inlineScripts.push(script.text);
          script = undefined;
        });
      },
      text(text) {
        if (script) script.text += text.text;
      },
    })
    .on('script#__boot', { text: (text) => void (doc.bootText += text.text) })
    .transform(new Response(html))
    .text();
  const { bootText, ...rest } = doc;
  return { ...rest, title: decodeEntities(rest.title), boot: JSON.parse(bootText) as BootData };
}

/** How many elements match a CSS selector. */
export async function countElements(html: string, selector: string): Promise<number> {
  let count = 0;
  await new HTMLRewriter()
    .on(selector, { element: () => void (count += 1) })
    .transform(new Response(html))
    .text();
  return count;
}

/** Text inside the elements matching a selector, joined. */
export async function textOf(html: string, selector: string): Promise<string> {
  let text = '';
  await new HTMLRewriter()
    .on(selector, { text: (chunk) => void (text += chunk.text) })
    .transform(new Response(html))
    .text();
  return decodeEntities(text);
}

/** The text of each element matching a selector, in document order. */
export async function textsOf(html: string, selector: string): Promise<string[]> {
  const texts: string[] = [];
  await new HTMLRewriter()
    .on(selector, {
      element: () => void texts.push(''),
      text: (chunk) => void (texts[texts.length - 1] += chunk.text),
    })
    .transform(new Response(html))
    .text();
  return texts.map(decodeEntities);
}

/** One attribute of every element matching a selector, in document order (null where absent). */
export async function attributesOf(html: string, selector: string, attribute: string): Promise<(string | null)[]> {
  const values: (string | null)[] = [];
  await new HTMLRewriter()
    .on(selector, { element: (element) => void values.push(element.getAttribute(attribute)) })
    .transform(new Response(html))
    .text();
  return values.map((value) => (value === null ? null : decodeEntities(value)));
}

function decodeEntities(value: string): string {
  return value.replace(
    /&(amp|lt|gt|quot|#39|#x27);/g,
    (_, name: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", '#x27': "'" })[name]!,
  );
}

/** Directives of a Content-Security-Policy header, by name. */
export function cspDirectives(header: string | null): Map<string, string[]> {
  const directives = new Map<string, string[]>();
  for (const part of (header ?? '').split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) directives.set(name.toLowerCase(), values);
  }
  return directives;
}

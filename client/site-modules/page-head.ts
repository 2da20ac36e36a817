// What `<Head>` puts in a page's head (`@docusaurus/Head`, in a page or a site component): its
// `<title>`, `<meta>` and `<link>`, collected while the build renders the page and stored with it
// (PageData.head); the worker writes them escaped. A `<script>` is not kept (the pages' CSP allows
// no inline script), nor any other tag: the build names each one it leaves out.

import type { HeadTag } from '../contract/site-config.ts';
import type { PageHead } from '../contract/page.ts';

export interface CollectedHead extends PageHead {
  /** Tags left out, by name (`script`), for the build's warning. */
  leftOut: string[];
}

const slot = Symbol.for('self-docs.page-head');
type Holder = { [slot]?: CollectedHead };

/** React's prop names of head attributes → HTML's. */
const htmlNames: Record<string, string> = {
  charSet: 'charset',
  httpEquiv: 'http-equiv',
  hrefLang: 'hreflang',
  crossOrigin: 'crossorigin',
  referrerPolicy: 'referrerpolicy',
  className: 'class',
  itemProp: 'itemprop',
};

/** Starts collecting for the page the build is about to render. */
export function collectPageHead(): void {
  (globalThis as Holder)[slot] = { tags: [], leftOut: [] };
}

/** What the page's `<Head>`s gave, and stops collecting. */
export function takePageHead(): CollectedHead | undefined {
  const holder = globalThis as Holder;
  const head = holder[slot];
  delete holder[slot];
  return head;
}

/** One element of a `<Head>`: its tag, its props (React's names) and its text. */
export function noteHeadElement(tagName: string, props: Record<string, unknown>, text: string): void {
  const head = (globalThis as Holder)[slot];
  if (!head) return;
  if (tagName === 'title') {
    head.title = text;
    return;
  }
  if (tagName !== 'meta' && tagName !== 'link') {
    head.leftOut.push(tagName);
    return;
  }
  const attributes: Record<string, string> = {};
  for (const [name, value] of Object.entries(props)) {
    if (name === 'children' || value === undefined || value === null || value === false) continue;
    const html = htmlNames[name] ?? name;
    // Names the worker writes as they are: no event handler, nothing that is not an attribute name.
    if (!/^[a-z][a-z0-9_:.-]*$/i.test(html) || /^on/i.test(html) || typeof value === 'object') continue;
    attributes[html] = value === true ? '' : String(value);
  }
  if (tagName === 'link' && /^\s*javascript:/i.test(attributes.href ?? '')) return;
  // A later tag of the same name or property replaces an earlier one, as react-helmet does.
  const key = headTagKey({ tagName, attributes });
  head.tags = head.tags.filter((tag) => key === undefined || headTagKey(tag) !== key);
  head.tags.push({ tagName, attributes });
}

/** What makes two head tags the same one: a meta's name or property, a canonical link. */
export function headTagKey(tag: Pick<HeadTag, 'tagName' | 'attributes'>): string | undefined {
  const { name, property, rel } = tag.attributes;
  if (tag.tagName === 'meta') return name ? `name:${name}` : property ? `property:${property}` : undefined;
  return rel === 'canonical' ? 'link:canonical' : undefined;
}

// A site's own head tags (Docusaurus `headTags`, `stylesheets`, `scripts`), checked by the build
// (scripts/compiler/config/head-tags.ts) and written here with every attribute value escaped.

import type { HeadTag } from '../../client/contract/site-config.ts';
import { escapeHtml } from '../../client/contract/escape-html.ts';

export function headTagHtml(tag: HeadTag): string {
  const attributes = Object.entries(tag.attributes)
    // Names were checked by the build; this keeps a tampered manifest from writing markup.
    .filter(([name]) => /^[a-z][a-z0-9_:.-]*$/i.test(name) && !/^on/i.test(name))
    .map(([name, value]) => (value === '' ? ` ${name}` : ` ${name}="${escapeHtml(value)}"`))
    .join('');
  if (tag.tagName === 'link' || tag.tagName === 'meta') return `<${tag.tagName}${attributes}>`;
  // A style's text cannot end its element early; a script never has text (inline scripts are not kept).
  const inner = tag.tagName === 'style' ? (tag.innerHTML ?? '').replace(/<\//g, '<\\/') : '';
  return `<${tag.tagName}${attributes}>${inner}</${tag.tagName}>`;
}

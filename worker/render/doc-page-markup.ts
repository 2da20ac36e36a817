// The doc page's markup (the article with its title, TOC and pagination), kept in isolate memory once
// a page has been rendered, so that rendering the page again (its cache off or expired) passes React
// only the layout around it: the article is most of a page's elements and never changes within a
// build. The markup is taken from the first whole render and used only once a render with it gives
// the very same document; otherwise the page is always rendered whole. Keys carry the build, the
// variant and the path, so a page is never given another build's, variant's or path's markup.

import type { ServerPage } from '../../client/App.tsx';
import { ByteCache } from '../services/byte-cache.ts';
import { renderDocumentRest, type DocumentInput } from './document.tsx';

/** About 30 articles of 60 KB; `null` remembers that a page's markup cannot be reused. */
const remembered = new ByteCache<ServerPage | null>(4 * 1024 * 1024);

/** Where App (client/App.tsx) puts the doc page, and what closes it. */
const mainStart = '<main id="__main" class="doc-container" tabindex="-1">';
const mainEnd = '</main>';

/**
 * A doc page's document after the head's start (document.tsx `renderDocumentRest`); `key` names
 * the page, its variant and build (html-cache.ts htmlCacheKey).
 */
export function renderDocPageRest(key: string, input: DocumentInput): string {
  const known = remembered.get(key);
  if (known) return renderDocumentRest({ ...input, docPage: known });
  const html = renderDocumentRest(input);
  if (known === undefined) learn(key, input, html);
  return html;
}

/** Keeps the page's markup if the layout rendered around it gives back `html` to the byte. */
function learn(key: string, input: DocumentInput, html: string): void {
  const docPage = docPageIn(html);
  const reusable = docPage !== undefined && renderDocumentRest({ ...input, docPage }) === html;
  // A JavaScript string costs two bytes a character.
  remembered.set(key, reusable ? docPage : null, 2 * (key.length + (reusable ? docPage.markup.__html.length : 0)));
}

/** The doc page element App rendered: `<div class="…">inner</div>` inside the main element. */
export function docPageIn(html: string): ServerPage | undefined {
  const start = html.indexOf(mainStart);
  const end = html.lastIndexOf(mainEnd);
  if (start < 0 || end < start) return undefined;
  const element = /^<div class="([^"<>&]*)">([\s\S]*)<\/div>$/.exec(html.slice(start + mainStart.length, end));
  return element ? { className: element[1]!, markup: { __html: element[2]! } } : undefined;
}

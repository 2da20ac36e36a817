// The page's few inline scripts. Each is a constant text, so the CSP names it by its hash and no
// other inline script can run; what varies per page travels in data attributes, which the hash
// does not cover.

import { lazyLayoutClass } from '../../client/contract/browser-names.ts';
import { themeScript } from '../services/theme.ts';

/**
 * Starts the client once the page is on screen: the module script, its chunks and the sidebar's
 * data file are requested after the browser reports its first paint, so none of them shares the
 * first round trips with the HTML or holds back its paint. A tab in the background paints
 * nothing, so there it starts at once; so does a browser that does not report paints.
 */
export const bootLoaderScript =
  '(function(s){var d=document,h=d.head,o=s.dataset,started=0;' +
  'function add(rel,href,as){var l=d.createElement("link");l.rel=rel;l.href=href;' +
  'if(as){l.as=as;l.crossOrigin="anonymous"}h.appendChild(l)}' +
  'function go(){if(started)return;started=1;' +
  '(o.preload||"").split(" ").forEach(function(u){if(u)add("modulepreload",u)});' +
  'if(o.sidebar)add("preload",o.sidebar,"fetch");' +
  'var m=d.createElement("script");m.type="module";m.src=o.src;h.appendChild(m)}' +
  'var P=window.PerformanceObserver;' +
  'if(d.hidden||!P||(P.supportedEntryTypes||[]).indexOf("paint")<0)return go();' +
  'd.addEventListener("visibilitychange",go);' +
  'new P(function(l,p){p.disconnect();go()}).observe({type:"paint",buffered:true})' +
  '})(document.currentScript)';

/**
 * Turns on lazy layout (client/lazy-layout.ts) for a plain load without a fragment: a reload or a
 * back/forward load restores a position further down, and a fragment is one, and those need the
 * real heights of the blocks above. (A link to a heading on the page needs nothing: the browser
 * keeps its target in place while the blocks around it are laid out.) Turns it off at the first
 * history navigation, and when the page is left: then the block at the top of the viewport is kept
 * in place, so that the position the browser keeps for a reload or for going back is the one of
 * the whole layout. In the head before any linked stylesheet, so that it waits for none and runs
 * before the first layout.
 */
export const lazyLayoutScript =
  '(function(){try{var d=document,r=d.documentElement,n=performance.getEntriesByType("navigation")[0];' +
  'if(location.hash||!n||n.type!=="navigate")return;' +
  `r.classList.add("${lazyLayoutClass}");` +
  `function off(){if(!r.classList.contains("${lazyLayoutClass}"))return;` +
  'var a=[].find.call(d.querySelectorAll(".markdown>*"),function(e){return e.getBoundingClientRect().bottom>0}),' +
  't=a&&a.getBoundingClientRect().top;' +
  `r.classList.remove("${lazyLayoutClass}");` +
  'if(a)scrollBy({top:a.getBoundingClientRect().top-t,behavior:"instant"})}' +
  'addEventListener("popstate",off);addEventListener("pagehide",off)}catch(e){}})()';

let hashes: Promise<string[]> | undefined;

/** CSP sources (`'sha256-…'`) of every inline script a page may carry. */
export function inlineScriptHashes(): Promise<string[]> {
  hashes ??= Promise.all([themeScript, lazyLayoutScript, bootLoaderScript].map(sha256Source));
  return hashes;
}

async function sha256Source(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return `'sha256-${btoa(String.fromCharCode(...new Uint8Array(digest)))}'`;
}

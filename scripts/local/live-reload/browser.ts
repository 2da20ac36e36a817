// The tab's side of live reload (npm start only; the dev worker adds it to every page). After a
// rebuild that changed this page, the page's new HTML is morphed into the one on screen, so the
// scroll position, open <details> and chosen tabs stay; a rebuild that changed the chrome reloads.
// A page that failed to build is served as its error page, so it morphs in and out like any other.

import { Idiomorph } from 'idiomorph';
import { liveReloadPaths, type BuildEvent } from './protocol.ts';

/** Attributes the reader changes by reading: a morph leaves them as they are on screen. */
const readerState: Record<string, (element: Element) => boolean> = {
  open: (element) => element.tagName === 'DETAILS',
  'aria-selected': (element) => element.closest('.tabs-container') !== null,
  tabindex: (element) => element.closest('.tabs-container') !== null,
  hidden: (element) => element.closest('.tabs-container') !== null,
  class: (element) => element.closest('[role="tablist"]') !== null,
};

const overlayId = '__live-reload-failure';

let shownBuild = bootBuildId();
let morphing: Promise<void> = Promise.resolve();

function bootBuildId(): string | undefined {
  const boot = document.getElementById('__boot')?.textContent;
  if (!boot) return undefined;
  try {
    return (JSON.parse(boot) as { buildId?: string }).buildId;
  } catch {
    return undefined;
  }
}

const stripSlash = (path: string) => (path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path);

/** The page's HTML now; wrangler dev answers 503 for a moment while it restarts (new static files). */
async function fetchPage(): Promise<Response> {
  for (let attempt = 0; ; attempt++) {
    const response = await fetch(location.href, { cache: 'no-store', headers: { accept: 'text/html' } });
    if (response.status !== 503 || attempt === 20) return response;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

// Marks on the page's timeline (`npm run bench -- --live-reload` reads them): event heard, page fetched, morphed.
async function morphPage(): Promise<void> {
  const response = await fetchPage();
  const text = await response.text();
  performance.mark('live-reload:fetched');
  const next = new DOMParser().parseFromString(text, 'text/html');
  document.title = next.title;
  // A morph that replaces a long block shortens the page for a moment, which moves the scroll.
  const { scrollX, scrollY } = window;
  Idiomorph.morph(document.body, next.body, {
    morphStyle: 'innerHTML',
    callbacks: {
      beforeAttributeUpdated: (name: string, element: Element) => !readerState[name]?.(element),
    },
  });
  window.scrollTo(scrollX, scrollY);
  performance.mark('live-reload:morphed');
}

function showFailure(message: string | undefined): void {
  document.getElementById(overlayId)?.remove();
  if (message === undefined) return;
  const overlay = document.createElement('pre');
  overlay.id = overlayId;
  overlay.setAttribute('role', 'alert');
  // Text, never HTML: the message quotes the author's files.
  overlay.textContent = message;
  Object.assign(overlay.style, {
    position: 'fixed',
    inset: 'auto 1rem 1rem 1rem',
    zIndex: '1000',
    maxHeight: '50vh',
    overflow: 'auto',
    margin: '0',
    padding: '1rem',
    background: '#2b0b0b',
    color: '#ffd7d7',
    font: '13px/1.5 ui-monospace, monospace',
    whiteSpace: 'pre-wrap',
    borderRadius: '6px',
  });
  document.body.appendChild(overlay);
}

function onBuild(event: BuildEvent): void {
  if ('failed' in event) {
    showFailure(event.failed);
    return;
  }
  showFailure(undefined);
  if (event.buildId === shownBuild) return;
  if (event.reload) {
    location.reload();
    return;
  }
  shownBuild = event.buildId;
  const here = stripSlash(location.pathname);
  if (!event.routes.some((route) => stripSlash(route) === here)) return;
  morphing = morphing.then(morphPage).catch((error: unknown) => {
    console.warn('live reload: the page could not be updated in place; reloading', error);
    location.reload();
  });
}

if (shownBuild !== undefined) {
  // Each event is what changed since the build this tab last heard of (the stream says it again
  // when it comes back after a drop), so a tab never misses a change.
  const url = `${liveReloadPaths.events}?since=${encodeURIComponent(shownBuild)}`;
  new EventSource(url).addEventListener('message', (message: MessageEvent<string>) => {
    performance.mark('live-reload:event');
    onBuild(JSON.parse(message.data) as BuildEvent);
    // Says the tab follows the builds (tests and the bench wait for it); a morph leaves <html> alone.
    document.documentElement.dataset.liveReload = 'listening';
  });
}

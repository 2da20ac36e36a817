// The search button and its shortcuts (Ctrl/Cmd+K, and / outside a field): all the first load carries
// of search. Listeners on the document, like the doc page's controls (page-widgets.ts): the button
// is the server's markup. The modal (DocSearch) comes with its chunk, fetched on the first hover,
// focus, click or shortcut, and renders in a React root of its own (React comes with that chunk
// when the page has not got it yet).

import { currentVersionName, searchLimits, versionTag } from './contract/search-protocol.ts';
import type { PageData } from './contract/page.ts';
import type { SiteConfig } from './contract/site-config.ts';
import type * as OpenModal from './search/open-modal.ts';
import { activeVersion, latestVersion } from './contract/versions.ts';

/** What a search is about, as of the page on screen (the app gives it). */
export interface SearchScope {
  site: SiteConfig;
  page: Pick<PageData, 'version'> | null;
  preferredVersion: string | null;
  /** Client-side navigation, for the hit chosen. */
  navigate: (href: string) => void;
  /** The modal's stylesheet. */
  styleHref?: string;
}

let chunk: Promise<typeof OpenModal> | undefined;

/** The modal's chunk and its stylesheet, fetched together once; a failed fetch is tried again. */
function loadModal(styleHref: string | undefined): Promise<typeof OpenModal> {
  if (!chunk) {
    chunk = import('./search/open-modal.ts').then(async (module) => {
      await module.prepareModal(styleHref);
      return module;
    });
    chunk.catch(() => (chunk = undefined));
  }
  return chunk;
}

function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

const searchButton = () => document.querySelector<HTMLButtonElement>('.search-button');

/**
 * Makes the search button and its shortcuts open the modal; `scope` gives what it searches as of
 * the page on screen. Returns the function that removes the listeners.
 */
export function listenToSearch(scope: () => SearchScope): () => void {
  /** Closes the modal on screen; undefined while none is. */
  let close: (() => void) | undefined;
  const open = () => {
    // Selected text becomes the first query, as on Docusaurus.
    const selected = window.getSelection()?.toString().trim() ?? '';
    const initialQuery = [...selected].slice(0, searchLimits.queryLength).join('');
    const { site, page, preferredVersion, navigate, styleHref } = scope();
    // The version being read (or preferred), as Docusaurus's contextual search does.
    const version = activeVersion(site, page, preferredVersion);
    const props = {
      initialQuery,
      navigate,
      tag: versionTag(version?.name ?? currentVersionName),
      version: version && version.name !== latestVersion(site)?.name ? version.name : undefined,
    };
    void loadModal(styleHref).then((module) => {
      close ??= module.showModal(props, () => {
        close = undefined;
        searchButton()?.focus();
      });
    });
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && close) {
      event.preventDefault();
      close();
      return;
    }
    const shortcut = (event.key === 'k' || event.key === 'K') && (event.metaKey || event.ctrlKey);
    const slash = event.key === '/' && !isTyping(event.target) && !event.metaKey && !event.ctrlKey && !event.altKey;
    if (!shortcut && !slash) return;
    event.preventDefault();
    if (close && shortcut) close();
    else if (!close) open();
  };
  const onClick = (event: MouseEvent) => {
    if ((event.target as Element | null)?.closest?.('.search-button')) open();
  };
  const preload = (event: Event) => {
    if ((event.target as Element | null)?.closest?.('.search-button')) void loadModal(scope().styleHref);
  };
  window.addEventListener('keydown', onKeyDown);
  document.addEventListener('click', onClick);
  document.addEventListener('pointerover', preload);
  document.addEventListener('focusin', preload);
  const button = searchButton();
  if (button) {
    if (/Mac|iPhone|iPad/.test(navigator.platform)) button.querySelector('kbd')!.textContent = '⌘';
    // Tests and scripts wait for it: a shortcut pressed before the listener is attached is lost.
    button.dataset.searchReady = 'true';
  }
  return () => {
    window.removeEventListener('keydown', onKeyDown);
    document.removeEventListener('click', onClick);
    document.removeEventListener('pointerover', preload);
    document.removeEventListener('focusin', preload);
  };
}

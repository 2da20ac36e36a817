// Client-side navigation: loading the next page's data and its renderer, the progress bar, the
// spinner and the load error, scrolling, and prefetching links. A chunk of its own: the first page
// is server markup, so none of this runs before the reader points at, focuses or touches a link
// (or the page is idle). The first-load part (which clicks to take over) is router.ts; what this
// chunk needs of the first load comes through NavigationHost, so the two share no module (a shared
// chunk would cost the first load more than it saves).

import type { ReactNode } from 'react';
import { DocPage, loadPageStyles } from './components/DocPage.tsx';
import { PageLoadError, Spinner } from './components/LoadStatus.tsx';
import type { NavigationHost } from './view.ts';
import { SidebarMenu } from './components/Sidebar.tsx';
import { documentTitle } from './contract/document-title.ts';
import type { BootData } from './contract/boot.ts';
import type { PageData } from './contract/page.ts';
import type { SidebarItem } from './contract/sidebar.ts';
import { pageDataPath, pagePath } from './contract/urls.ts';
import { containsRoute } from './contract/sidebar.ts';
import { loadDiagrams } from './diagrams/load-diagrams.ts';
import { startProgress } from './navigation-progress.ts';

export class PageLoadFailure extends Error {
  constructor(
    message: string,
    readonly network: boolean,
  ) {
    super(message);
  }
}

const pages = new Map<string, Promise<PageData>>();

function loadPage(buildId: string, route: string): Promise<PageData> {
  const key = pageDataPath(buildId, route);
  let pending = pages.get(key);
  if (!pending) {
    pending = fetch(key, { credentials: 'same-origin' }).then(
      async (response) => {
        if (!response.ok) throw new PageLoadFailure(`The server answered ${response.status} for ${route}`, false);
        return (await response.json()) as PageData;
      },
      (error: unknown) => {
        throw new PageLoadFailure(
          `Could not reach the server (${error instanceof Error ? error.message : String(error)}). Check your network connection.`,
          true,
        );
      },
    );
    pages.set(key, pending);
    pending.catch(() => pages.delete(key));
  }
  return pending;
}

/** Fetch a page's data and its sidebar's ahead of a click; a failure here is retried by the click. */
function prefetchPage(boot: BootData, route: string): void {
  loadPage(boot.buildId, route)
    .then((page) => {
      const sidebarFile = page.sidebar ? boot.sidebarFiles[page.sidebar] : undefined;
      return sidebarFile ? loadSidebar(sidebarFile) : undefined;
    })
    .catch(() => undefined);
}

function canPrefetch(): boolean {
  const connection = (navigator as Navigator & { connection?: { saveData?: boolean; effectiveType?: string } })
    .connection;
  return !(connection?.saveData || connection?.effectiveType === 'slow-2g');
}

/** Counts navigations: only the latest one may change the screen. */
let latest = 0;

/**
 * Loads the page at `url` and puts it on screen; a failed load reloads, or offers Retry when offline.
 * `app` gives the App's state as of its latest render.
 */
export async function navigate(app: () => NavigationHost, url: URL, route: string, push: boolean): Promise<void> {
  const id = ++latest;
  const { boot } = app();
  const stopProgress = startProgress(boot.styleFiles);
  const showSpinner = (spinner?: ReactNode) => app().setView((view) => ({ ...view, spinner }));
  const spinner = setTimeout(() => id === latest && showSpinner(<Spinner />), 200);
  try {
    const page = await loadPage(boot.buildId, route);
    // A page of another docs version: its sidebars are not among this page's, so load it whole
    // (unless it comes with its sidebar as shown: one stored in parts, which has no file).
    const sidebarFile = page.sidebar ? boot.sidebarFiles[page.sidebar] : undefined;
    if (page.sidebar && !sidebarFile && !page.sidebarView) {
      location.assign(url.href);
      return;
    }
    // A page of another (or a partly rendered) sidebar appears with its sidebar whole,
    const items = sidebarFile ? await loadSidebar(sidebarFile) : undefined;
    // and styled: the CSS of its code, diagrams or tabs, when this document has not got it yet.
    await loadPageStyles(page, boot.styleFiles);
    if (id !== latest) return;
    // The address as the site spells its pages, so a reload costs no redirect.
    if (push) history.pushState(null, '', pagePath(route, boot.site.trailingSlash) + url.search + url.hash);
    const host = app();
    const refocus = items && page.sidebar && !sidebarsShown ? takeOverSidebar(host, page.sidebar, items) : undefined;
    const rendered = () => {
      refocus?.();
      document.title = documentTitle(page, boot.site);
      loadDiagrams(boot.diagramScript);
      // Before the scroll: the tabs chosen change the heights above the target.
      void host.pageWidgets.showSavedTabChoices().then(() => {
        if (id !== latest) return;
        host.pageWidgets.scrollToTarget(url.hash);
        host.pageWidgets.markActiveHeading();
      });
    };
    host.setView({
      page,
      status: 200,
      route,
      menu: items ? (
        <SidebarMenu items={items} />
      ) : page.sidebarView ? (
        <SidebarMenu items={page.sidebarView.items} window={page.sidebarView.window} />
      ) : null,
      // Keyed by route: a new page gets new elements, never ones the page's controls changed (tabs).
      article: <DocPage key={route} page={page} />,
      rendered,
    });
  } catch (error) {
    if (id !== latest) return;
    console.warn('Client-side navigation failed; falling back to a full page load.', error);
    if (error instanceof PageLoadFailure && error.network) {
      const retry = () => void navigate(app, url, route, true);
      app().setView((view) => ({ ...view, article: <PageLoadError error={error.message} onRetry={retry} /> }));
    } else location.assign(url.href);
  } finally {
    clearTimeout(spinner);
    stopProgress();
    if (id === latest) showSpinner(undefined);
  }
}

const sidebarFiles = new Map<string, Promise<SidebarItem[]>>();

/** A sidebar's data file (immutable: the browser and this map keep it for every later page). */
function loadSidebar(url: string): Promise<SidebarItem[]> {
  let pending = sidebarFiles.get(url);
  if (!pending) {
    pending = fetch(url, { credentials: 'same-origin' }).then(async (response) => {
      if (!response.ok) throw new Error(`The server answered ${response.status} for the sidebar`);
      return (await response.json()) as SidebarItem[];
    });
    sidebarFiles.set(url, pending);
    pending.catch(() => sidebarFiles.delete(url));
  }
  return pending;
}

/** Whether React renders the sidebars yet: until then the first page's is the server's markup. */
let sidebarsShown = false;

/**
 * From now on React renders the sidebars (sidebar `id`, its `items`), keeping the categories the
 * reader opened or closed in the server's markup. Returns what gives the focus back to the entry
 * focused in it, to run once the view with React's sidebar is on screen.
 */
function takeOverSidebar(host: NavigationHost, id: string, items: SidebarItem[]): () => void {
  sidebarsShown = true;
  host.keepExpanded(readerChoices(id === host.boot.sidebar?.id ? items : [], host.view.route));
  return keepSidebarFocus();
}

/**
 * React replaces the server's sidebar markup with elements of its own: the entry focused in it
 * (found again by its position, the same in both) gets the focus back once they are on screen.
 */
function keepSidebarFocus(): () => void {
  const focused = document.activeElement;
  const menu = focused?.closest('.sidebar-menu');
  if (!focused || !menu) return () => undefined;
  const menuIndex = [...document.querySelectorAll('.sidebar-menu')].indexOf(menu);
  const positions: number[] = [];
  for (let entry = focused.closest('li'); entry && menu.contains(entry); entry = entry.parentElement!.closest('li'))
    positions.unshift([...entry.parentElement!.children].indexOf(entry));
  const part = focused.matches('summary')
    ? ':scope > details > summary'
    : focused.closest('summary')
      ? ':scope > details > summary > a'
      : ':scope > a';
  return () => {
    // Only when the switch took the focus away: the reader may have moved it meanwhile.
    if (document.activeElement && document.activeElement !== document.body) return;
    let entry: Element | null | undefined = document.querySelectorAll('.sidebar-menu')[menuIndex];
    for (const position of positions)
      entry = entry?.querySelector(':scope > ul, :scope > details > ul')?.children[position];
    entry?.querySelector<HTMLElement>(part)?.focus({ preventScroll: true });
  };
}

/**
 * The categories of the server's sidebar the reader opened or closed (those not as the server
 * rendered them for `route`), keyed by label path as SidebarMenu keys them.
 */
function readerChoices(items: SidebarItem[], route: string): Record<string, boolean> {
  const shown = new Map<string, boolean>();
  const read = (list: Element | null | undefined, path: string) => {
    for (const entry of list?.children ?? []) {
      const details = entry.querySelector<HTMLDetailsElement>(':scope > details');
      if (!details) continue;
      const key = `${path}${details.querySelector(':scope > summary > :first-child')?.textContent ?? ''}`;
      shown.set(key, details.open);
      read(details.querySelector(':scope > ul'), `${key}/`);
    }
  };
  read(document.querySelector('aside.doc-sidebar .sidebar-menu > ul'), '');
  const choices: Record<string, boolean> = {};
  const compare = (list: SidebarItem[], path: string) => {
    for (const item of list) {
      if (item.type !== 'category') continue;
      const key = `${path}${item.label}`;
      const open = shown.get(key);
      const rendered = containsRoute(item, route) || !item.collapsed || !item.collapsible;
      if (open !== undefined && open !== rendered) choices[key] = open;
      compare(item.items, `${key}/`);
    }
  };
  compare(items, '');
  return choices;
}

/**
 * The first page's sidebar, when the server rendered only part of it (a large one): shown whole,
 * as soon as this chunk is here.
 */
export function completeFirstSidebar(app: () => NavigationHost): void {
  const { boot } = app();
  const first = boot.sidebar;
  const url = first && boot.sidebarFiles[first.id];
  if (first?.prunedFor === undefined || !url || sidebarsShown) return;
  loadSidebar(url).then(
    (items) => {
      // Unless a navigation has shown another page meanwhile.
      if (sidebarsShown || app().view.menu !== undefined) return;
      const rendered = takeOverSidebar(app(), first.id, items);
      app().setView((view) => ({ ...view, menu: <SidebarMenu items={items} />, rendered }));
    },
    (error: unknown) => console.warn('The sidebar did not load.', error),
  );
}

/** Prefetch on hover/focus and when links scroll into view; returns the function that stops it. */
export function prefetchLinks(app: () => NavigationHost, first?: Element | null): () => void {
  if (!canPrefetch()) return () => undefined;
  const prefetch = (anchor: Element | null | undefined) => {
    if (!(anchor instanceof HTMLAnchorElement)) return;
    const { boot, view, pageRoute } = app();
    const target = pageRoute(new URL(anchor.href, location.href));
    if (target && target !== view.route) prefetchPage(boot, target);
  };
  const onHover = (event: Event) => prefetch((event.target as Element | null)?.closest?.('a[href]'));
  const observer = new IntersectionObserver((entries) => {
    for (const entry of entries) {
      if (entry.isIntersecting) {
        prefetch(entry.target);
        observer.unobserve(entry.target);
      }
    }
  });
  // The link that brought this chunk in: its pointer or focus came before the listeners.
  prefetch(first);
  const idle = setTimeout(
    () => document.querySelectorAll('.markdown a[href^="/"], .pagination-nav a').forEach((a) => observer.observe(a)),
    1000,
  );
  document.addEventListener('mouseover', onHover);
  document.addEventListener('focusin', onHover);
  document.addEventListener('touchstart', onHover, { passive: true });
  return () => {
    clearTimeout(idle);
    observer.disconnect();
    document.removeEventListener('mouseover', onHover);
    document.removeEventListener('focusin', onHover);
    document.removeEventListener('touchstart', onHover);
  };
}

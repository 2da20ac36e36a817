// Browser entry, the first load: plain DOM code, no React. The page is the server's markup, and
// what a reader uses first works by listeners on the document: the doc page's controls
// (page-widgets.ts), the search button and its shortcuts (open-search.ts), the theme toggles
// (theme-control.ts), the announcement's close button; the sidebar's categories are <details>.
// React (take-over.tsx) comes on the reader's first intent: a pointer, focus or touch on a link or
// on a control only React works (the version menu, the drawer), or a click on one, which it then
// carries out. A page that cannot work without React (search, status pages, site components)
// takes it at once.

import type { AppHandle } from './App.tsx';
import { isPagePath, routeOfLink } from './router.ts';
import { webFontCookie } from './contract/browser-names.ts';
import type { BootData } from './contract/boot.ts';
import { listenToSearch } from './open-search.ts';
import { listenToPageWidgets } from './page-widgets.ts';
import { dismissAnnouncement, writeCookie } from './preferences.ts';
import { controlTheme, type ThemeStore } from './theme-control.ts';
import { readPreferredVersion, savePreferredVersion } from './preferred-version.ts';

/** Controls React renders the working of (Navbar.tsx): a click on one before React brings it in. */
const reactControls = '.navbar-toggle, .version-button';

const bootElement = document.getElementById('__boot');
const root = document.getElementById('__root');
if (bootElement && root) start(JSON.parse(bootElement.textContent ?? '{}') as BootData, root);

function start(boot: BootData, root: HTMLElement): void {
  listenToPageWidgets();
  const theme = controlTheme(boot.themePreference, boot.site.colorMode.respectPrefersColorScheme);
  const react = reactOnIntent(boot, root, theme);
  const needsReact =
    boot.search || !boot.page || boot.status === 503 || (boot.status === 500 && boot.broken) || boot.page.islandAssets;
  if (needsReact) void react.takeOver().catch((error: unknown) => console.warn('The page did not load whole.', error));

  // Same-origin search hits are pages of this site: client-side navigation, once React is here.
  const navigate = (href: string) => {
    const url = new URL(href, location.href);
    if (url.origin !== location.origin || !isPagePath(url.pathname)) location.assign(url.href);
    else
      react.takeOver().then(
        (app) => app.navigate(url),
        () => location.assign(url.href),
      );
  };
  listenToSearch(
    () =>
      react.app()?.searchScope() ?? {
        site: boot.site,
        page: boot.status === 200 ? boot.page : null,
        preferredVersion: readPreferredVersion(),
        navigate,
        styleHref: boot.searchStyle,
      },
  );

  document.addEventListener('click', (event) => {
    // From the take-over on, React's handlers and the App's listeners do all of this.
    if (react.app()) return;
    const target = event.target as Element | null;
    const anchor = target?.closest?.('a[href]');
    if (anchor instanceof HTMLAnchorElement) {
      // A link that picks a docs version (the version banner's).
      if (anchor.dataset.preferredVersion) savePreferredVersion(anchor.dataset.preferredVersion);
      const url = routeOfLink(anchor, event);
      if (!url) return;
      event.preventDefault();
      // Only if React cannot load does the browser load the page itself.
      react.takeOver(anchor).then(
        (app) => app.navigate(url),
        () => location.assign(url.href),
      );
      return;
    }
    // React's own controls, from hydrateRoot on: it handles (or replays) a click while it hydrates.
    if (react.listens()) return;
    const bar = target?.closest?.('.announcement-bar-close') && target.closest('.announcement-bar');
    if (bar instanceof HTMLElement) {
      dismissAnnouncement(bar.dataset.announcementId ?? '');
      bar.remove();
    }
    const control = target?.closest?.(reactControls);
    if (control instanceof HTMLElement)
      react.takeOver(control).then(
        () => control.click(),
        (error: unknown) => console.warn('This control needs a script that did not load.', error),
      );
  });

  // A first visit painted in the fallback font: fetch the web font for the next page load.
  if (!document.documentElement.classList.contains('web-font'))
    void import('./web-font.ts').then((module) => module.fetchWebFontForLater(() => writeCookie(webFontCookie, '1')));
  // Tests and scripts wait for it: the page's controls answer from now on.
  document.documentElement.dataset.hydrated = 'true';
}

/**
 * React's take-over, started once by the first intent (`takeOver`, again after a failed fetch);
 * `listens` from the moment React hydrates, `app` what it gives once done.
 */
function reactOnIntent(boot: BootData, root: HTMLElement, theme: ThemeStore) {
  let pending: Promise<AppHandle> | undefined;
  let app: AppHandle | undefined;
  let listening = false;
  const takeOver = (intent?: Element | null): Promise<AppHandle> => {
    if (!pending) {
      removeTriggers();
      const link = intent?.closest('a[href]');
      pending = import('./take-over.tsx')
        .then((module) => {
          listening = true;
          return module.takeOver({ boot, root, theme, intent: link });
        })
        .then((handle) => (app = handle));
      pending.catch(() => {
        pending = undefined;
        addTriggers();
      });
    }
    return pending;
  };
  const onIntent = (event: Event) => {
    const intent = (event.target as Element | null)?.closest?.(`a[href], ${reactControls}`);
    if (intent) takeOver(intent).catch((error: unknown) => console.warn('React did not load.', error));
  };
  const triggers = ['mouseover', 'focusin', 'touchstart'] as const;
  const addTriggers = () => {
    for (const type of triggers) document.addEventListener(type, onIntent, { passive: true });
  };
  const removeTriggers = () => {
    for (const type of triggers) document.removeEventListener(type, onIntent);
  };
  addTriggers();
  return { takeOver, app: () => app, listens: () => listening };
}

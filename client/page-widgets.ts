// The controls of a doc page work by listeners on the document, not through React: the first
// page is server markup the browser does not hydrate, and a page shown by client-side navigation
// has the same markup, so one listener serves both. They are the copy button of a code block
// (code-copy.ts) and "Copy page" (copy-page.ts), each loaded on its first click, tabs
// (tab-widgets.ts, loaded on a page that has them) and the table of contents' mark on the section
// being read.
// (<details>, the table of contents' mobile box and the page's menu among them, needs no script.)

import type * as TabWidgets from './tab-widgets.ts';

/** Height of the sticky navbar: a heading above this line has been scrolled past. */
const navbarOffset = 100;

export function listenToPageWidgets(): void {
  document.addEventListener('click', (event) => {
    const target = event.target as Element | null;
    const copy = target?.closest?.('.code-copy');
    if (copy instanceof HTMLButtonElement) void import('./code-copy.ts').then((module) => module.copyCode(copy));
    const copyPage = target?.closest?.('.page-actions-copy');
    if (copyPage instanceof HTMLButtonElement) void copyPageMarkdown(copyPage);
    const tab = target?.closest?.(tabSelector);
    if (tab instanceof HTMLElement) void loadTabWidgets().then((tabs) => tabs.chooseTab(tab));
  });
  document.addEventListener('keydown', (event) => {
    const tab = (event.target as Element | null)?.closest?.(tabSelector);
    const key = event.key;
    if (!(tab instanceof HTMLElement) || !isTabKey(key)) return;
    event.preventDefault();
    void loadTabWidgets().then((tabs) => tabs.moveFromTab(tab, key));
  });
  void showSavedTabChoices();
  let frame = 0;
  const onScroll = () => {
    frame ||= requestAnimationFrame(() => {
      frame = 0;
      markActiveHeading();
    });
  };
  window.addEventListener('scroll', onScroll, { passive: true });
  window.addEventListener('resize', onScroll);
  markActiveHeading();
}

const tabSelector = '.tabs-container > [role="tablist"] > [role="tab"]';
const isTabKey = (key: string) => key === 'ArrowRight' || key === 'ArrowLeft' || key === 'Home' || key === 'End';

let tabWidgets: Promise<typeof TabWidgets> | undefined;
function loadTabWidgets(): Promise<typeof TabWidgets> {
  if (!tabWidgets) {
    tabWidgets = import('./tab-widgets.ts');
    tabWidgets.catch(() => (tabWidgets = undefined));
  }
  return tabWidgets;
}

/**
 * Shows, in every Tabs on screen, the tab the URL or the reader's stored choice names; resolves at
 * once on a page without tabs. Called on load and once a navigation has put a new page on screen.
 */
export async function showSavedTabChoices(): Promise<void> {
  if (!document.querySelector('.tabs-container')) return;
  const tabs = await loadTabWidgets().catch((error: unknown) => console.warn('The tabs code did not load.', error));
  tabs?.applySavedTabChoices(document);
}

/**
 * Marks, in the table of contents, the heading last scrolled past (the last one at the
 * bottom of the page). Called on scroll and once a navigation has put a new page on screen.
 */
export function markActiveHeading(): void {
  const links = [...document.querySelectorAll<HTMLAnchorElement>('.doc-toc .toc-list a')];
  let active = links[0];
  const atBottom = window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - 2;
  if (atBottom) active = links.at(-1);
  else
    for (const link of links) {
      const heading = document.getElementById(link.getAttribute('href')?.slice(1) ?? '');
      if (heading && heading.getBoundingClientRect().top <= navbarOffset) active = link;
    }
  for (const link of links) {
    link.classList.toggle('toc-link-active', link === active);
    if (link === active) link.setAttribute('aria-current', 'location');
    else link.removeAttribute('aria-current');
  }
}

/** "Copy page": the copying code is its own chunk, fetched on the first click. */
async function copyPageMarkdown(button: HTMLButtonElement): Promise<void> {
  const copied = await import('./copy-page.ts').then(
    (module) => module.copyPageMarkdown(button.dataset.markdown ?? ''),
    () => false,
  );
  button.textContent = copied ? 'Copied' : 'Copy failed';
}

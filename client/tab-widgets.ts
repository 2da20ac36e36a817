// What <Tabs> do in the browser, by listeners on the document: the doc page's markup is the
// server's (never hydrated) or one client-side navigation rendered, and both are the same markup
// (components/Tabs.tsx). A Tabs with `data-group-id` shares the reader's choice with every Tabs of
// its group, here and in other browser tabs; one with `data-query-key` keeps it in the URL. Where
// the choice is kept is tab-choice.ts's business.

import { followOtherBrowserTabs, saveChoice, savedChoice, type TabChoiceKeys } from './components/tab-choice.ts';

const tabSelector = '.tabs-container > [role="tablist"] > [role="tab"]';

export function listenToTabs(): void {
  document.addEventListener('click', (event) => {
    const tab = (event.target as Element | null)?.closest?.(tabSelector);
    if (tab instanceof HTMLElement) chooseTab(tab);
  });
  document.addEventListener('keydown', (event) => {
    const tab = (event.target as Element | null)?.closest?.(tabSelector);
    if (!(tab instanceof HTMLElement)) return;
    const tabs = tabsBeside(tab);
    const index = tabs.indexOf(tab);
    const targets: Record<string, number> = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: -1 };
    if (!Object.hasOwn(targets, event.key)) return;
    const next = tabs.at(targets[event.key]! % tabs.length);
    if (!next) return;
    event.preventDefault();
    chooseTab(next);
    next.focus();
  });
  followOtherBrowserTabs((groupId, value) => showInGroup(groupId, value));
  applySavedTabChoices(document);
}

/** Shows, in every Tabs under `root`, the tab the URL or the reader's stored choice names. */
export function applySavedTabChoices(root: ParentNode): void {
  for (const container of root.querySelectorAll<HTMLElement>('.tabs-container')) {
    const tabs = tabsOf(container);
    const value = savedChoice(keysOf(container), tabs.map(valueOf));
    const tab = tabs.find((each) => valueOf(each) === value);
    if (tab) selectTab(tab);
  }
}

/** The reader's click or key: this tab, then the same value in the rest of its group, kept in place on screen. */
function chooseTab(tab: HTMLElement): void {
  const container = tab.closest<HTMLElement>('.tabs-container');
  const value = valueOf(tab);
  const keys = container ? keysOf(container) : {};
  const top = tab.getBoundingClientRect().top;
  selectTab(tab);
  if (!value) return;
  saveChoice(keys, value);
  if (keys.groupId) showInGroup(keys.groupId, value);
  // Tabs of the group above this one may have changed height: the chosen tab stays where it was.
  window.scrollBy(0, tab.getBoundingClientRect().top - top);
}

function showInGroup(groupId: string, value: string): void {
  for (const container of document.querySelectorAll<HTMLElement>('.tabs-container[data-group-id]')) {
    if (container.dataset.groupId !== groupId) continue;
    const tab = tabsOf(container).find((each) => valueOf(each) === value);
    if (tab) selectTab(tab);
  }
}

function keysOf(container: HTMLElement): TabChoiceKeys {
  return { groupId: container.dataset.groupId, queryKey: container.dataset.queryKey };
}

const valueOf = (tab: HTMLElement) => tab.dataset.value ?? '';

function tabsOf(container: HTMLElement): HTMLElement[] {
  return tabsIn([...container.children].find((child) => child.getAttribute('role') === 'tablist'));
}

const tabsBeside = (tab: HTMLElement) => tabsIn(tab.parentElement);

function tabsIn(tablist: Element | null | undefined): HTMLElement[] {
  return [...(tablist?.children ?? [])].filter(
    (element): element is HTMLElement => element instanceof HTMLElement && element.getAttribute('role') === 'tab',
  );
}

/** Tab i shows panel i of the same container (panels are the container's own children, so tabs nest). */
function selectTab(tab: HTMLElement): void {
  const panels = [...(tab.closest('.tabs-container')?.children ?? [])].filter(
    (element) => element.getAttribute('role') === 'tabpanel',
  );
  tabsBeside(tab).forEach((each, index) => {
    const selected = each === tab;
    each.setAttribute('aria-selected', String(selected));
    each.tabIndex = selected ? 0 : -1;
    panels[index]?.toggleAttribute('hidden', !selected);
  });
}

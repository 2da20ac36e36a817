// What <Tabs> do in the browser: the doc page's markup is the server's (never hydrated) or one
// client-side navigation rendered, and both are the same markup (components/Tabs.tsx). A Tabs with
// `data-group-id` shares the reader's choice with every Tabs of its group, here and in other
// browser tabs; one with `data-query-key` keeps it in the URL. Where the choice is kept is
// tab-choice.ts's business. Only a page with tabs needs this: page-widgets.ts loads it (its own
// chunk) when a page with tabs is on screen or a tab is clicked, and hands it the events.

import { followOtherBrowserTabs, saveChoice, savedChoice, type TabChoiceKeys } from './components/tab-choice.ts';

followOtherBrowserTabs((groupId, value) => showInGroup(groupId, value));

/** An arrow key, Home or End on a tab: the tab it leads to is chosen and focused. */
export function moveFromTab(tab: HTMLElement, key: 'ArrowRight' | 'ArrowLeft' | 'Home' | 'End'): void {
  const tabs = tabsBeside(tab);
  const index = tabs.indexOf(tab);
  const targets = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: -1 };
  const next = tabs.at(targets[key] % tabs.length);
  if (!next) return;
  chooseTab(next);
  next.focus();
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
export function chooseTab(tab: HTMLElement): void {
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

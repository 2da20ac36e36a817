// Which tab a <Tabs> shows, kept as Docusaurus keeps it: a `groupId` shares the choice with every
// Tabs of that group on the page, in other browser tabs and on later visits (localStorage key
// `docusaurus.tab.<groupId>`); a query string key puts it in the URL (`?<key>=<value>`) too.

export interface TabChoiceKeys {
  groupId?: string;
  /** The URL query parameter, when the Tabs has `queryString`. */
  queryKey?: string;
}

export const storageKey = (groupId: string) => `docusaurus.tab.${groupId}`;

/** The choice the URL or the stored preference makes, in that order, when it names one of `values`. */
export function savedChoice(keys: TabChoiceKeys, values: string[]): string | undefined {
  const fromUrl = keys.queryKey ? new URLSearchParams(location.search).get(keys.queryKey) : null;
  const candidates = [fromUrl, keys.groupId ? readStorage(storageKey(keys.groupId)) : null];
  return candidates.find((value): value is string => value !== null && values.includes(value));
}

/** Keeps the reader's choice: in the URL under the query key, and in storage for the group. */
export function saveChoice(keys: TabChoiceKeys, value: string): void {
  if (keys.queryKey) {
    const url = new URL(location.href);
    url.searchParams.set(keys.queryKey, value);
    history.replaceState(history.state, '', url);
  }
  if (!keys.groupId) return;
  try {
    localStorage.setItem(storageKey(keys.groupId), value);
  } catch {
    // Storage may be off (private mode, quota): the page still follows the choice.
  }
}

/** Calls `listener` with the group and the value whenever another browser tab saves a group's choice. */
export function followOtherBrowserTabs(listener: (groupId: string, value: string) => void): void {
  const prefix = storageKey('');
  window.addEventListener('storage', (event) => {
    if (event.key?.startsWith(prefix) && event.newValue !== null)
      listener(event.key.slice(prefix.length), event.newValue);
  });
}

function readStorage(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

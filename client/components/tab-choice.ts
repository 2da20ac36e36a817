// Which tab a <Tabs> shows, kept as Docusaurus keeps it: a `groupId` shares the choice with every
// Tabs of that group on the page, in other browser tabs and on later visits (localStorage key
// `docusaurus.tab.<groupId>`); a query string key puts it in the URL (`?<key>=<value>`) too.

export interface TabChoiceKeys {
  groupId?: string;
  /** The URL query parameter, when the Tabs has `queryString`. */
  queryKey?: string;
}

type Listener = (value: string) => void;

/** The Tabs of each group on this page. */
const groups = new Map<string, Set<Listener>>();

export const storageKey = (groupId: string) => `docusaurus.tab.${groupId}`;

/** The choice the URL or the stored preference makes, in that order, when it names one of `values`. */
export function savedChoice(keys: TabChoiceKeys, values: string[]): string | undefined {
  const fromUrl = keys.queryKey ? new URLSearchParams(location.search).get(keys.queryKey) : null;
  const candidates = [fromUrl, keys.groupId ? readStorage(storageKey(keys.groupId)) : null];
  return candidates.find((value): value is string => value !== null && values.includes(value));
}

/** Keeps the reader's choice and shows it in every other Tabs of the group on the page. */
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
  for (const listener of groups.get(keys.groupId) ?? []) listener(value);
}

/** Calls `listener` when the group's choice changes here or in another browser tab; returns the unsubscribe. */
export function followGroup(groupId: string, listener: Listener): () => void {
  const members = groups.get(groupId) ?? new Set<Listener>();
  groups.set(groupId, members.add(listener));
  const onStorage = (event: StorageEvent) => {
    if (event.key === storageKey(groupId) && event.newValue !== null) listener(event.newValue);
  };
  window.addEventListener('storage', onStorage);
  return () => {
    members.delete(listener);
    if (members.size === 0) groups.delete(groupId);
    window.removeEventListener('storage', onStorage);
  };
}

function readStorage(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

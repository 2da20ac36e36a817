// A long list a deploy keeps for each build (its content keys, its hashed assets), stored so that no
// KV value grows with the site and a small change writes little: content-addressed parts, each a
// JSON list well under 2 MB, that consecutive builds share, plus what this build adds to them and
// removes from them. A redeploy of one changed page names the live build's parts and lists a few
// items of its own, all inside its deploy record: no part is written. Once its own items grow past
// a bound, the deploy writes the whole list in new parts instead.

import { createHash } from 'node:crypto';

export interface SharedList<T> {
  /** KV keys of the parts, in order; each holds a JSON list of items. */
  parts: string[];
  /** Items the parts lack, or hold otherwise (an item with the same id replaces theirs). */
  add: T[];
  /** Ids of the parts' items this build does not have. */
  remove: string[];
}

export interface ListKind<T> {
  /** The KV key of a part from the hash of its text. */
  partKey: (hash: string) => string;
  /** What identifies an item (a key, an asset's path). */
  id: (item: T) => string;
  /** Items a part holds at most. */
  perPart: number;
  /** Items of its own (added and removed) a build lists at most before its list is split anew. */
  ownItems: number;
}

/** The items the parts' lists hold once `add` and `remove` are applied; parts first, in order. */
export function resolveList<T>(kind: ListKind<T>, partLists: T[][], add: T[], remove: string[]): T[] {
  const gone = new Set([...remove, ...add.map(kind.id)]);
  return [...partLists.flat().filter((item) => !gone.has(kind.id(item))), ...add];
}

/** A part's text read back: a JSON list, or null when it is missing or unreadable. */
export function parsePart<T>(text: string | null | undefined): T[] | null {
  if (!text) return null;
  try {
    const list: unknown = JSON.parse(text);
    return Array.isArray(list) ? (list as T[]) : null;
  } catch {
    return null;
  }
}

/**
 * How to store `items`: against `base` (the live build's parts and the items they hold) when this
 * build's own items stay within the bound, else in new parts (returned in `write`, to store first).
 */
export function storeList<T>(
  kind: ListKind<T>,
  items: T[],
  base?: { parts: string[]; items: T[] },
): { list: SharedList<T>; write: { key: string; value: string }[] } {
  if (base) {
    const held = new Map(base.items.map((item) => [kind.id(item), JSON.stringify(item)]));
    const ids = new Set(items.map(kind.id));
    const add = items.filter((item) => held.get(kind.id(item)) !== JSON.stringify(item));
    const remove = [...held.keys()].filter((id) => !ids.has(id));
    if (add.length + remove.length <= kind.ownItems) return { list: { parts: base.parts, add, remove }, write: [] };
  }
  const write: { key: string; value: string }[] = [];
  for (let at = 0; at < items.length || write.length === 0; at += kind.perPart) {
    const value = JSON.stringify(items.slice(at, at + kind.perPart));
    write.push({ key: kind.partKey(createHash('sha256').update(value).digest('hex').slice(0, 32)), value });
  }
  return { list: { parts: write.map((part) => part.key), add: [], remove: [] }, write };
}

export function isSharedList(value: unknown): value is SharedList<unknown> {
  const list = value as SharedList<unknown> | null;
  return (
    typeof list === 'object' &&
    list !== null &&
    Array.isArray(list.parts) &&
    list.parts.every((part) => typeof part === 'string') &&
    Array.isArray(list.add) &&
    Array.isArray(list.remove)
  );
}

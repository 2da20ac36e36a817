// The docs theme's hooks of the doc being rendered (`@docusaurus/plugin-content-docs/client`, also
// `@docusaurus/theme-common/internal`): `useDoc`, `useDocsSidebar`, `useSidebarBreadcrumbs`,
// `useCurrentSidebarCategory` and the sidebar helpers, answered as Docusaurus's doc page does. The
// doc is the one the build renders, or in the browser the one its island was rendered with.

import { currentPathname } from './current-location.ts';
import { docContextKey, type DocContext, type DocSidebarItem } from '../contract/doc-context.ts';

export type { DocContext, DocSidebarItem as PropSidebarItem };
export type PropSidebarItemCategory = Extract<DocSidebarItem, { type: 'category' }>;
export type PropSidebarItemLink = Extract<DocSidebarItem, { type: 'link' }>;

/** Set when site code reads the doc: the build then keeps it with the island that did. */
export const docContextReadKey = Symbol.for('self-docs.doc-context-read');

type Holder = { [docContextKey]?: DocContext; [docContextReadKey]?: boolean };

function docContext(): DocContext | undefined {
  const holder = globalThis as Holder;
  holder[docContextReadKey] = true;
  return holder[docContextKey];
}

export function useDoc(): DocContext {
  const doc = docContext();
  if (!doc) throw new Error('Hook useDoc is called outside the <DocProvider>: this page is not a doc');
  return doc;
}

/** The doc's sidebar, or null on a doc in no sidebar (as Docusaurus's). */
export function useDocsSidebar(): { name: string; items: DocSidebarItem[] } | null {
  return docContext()?.sidebar ?? null;
}

const normalise = (path: string) => path.replace(/\/+$/, '') || '/';

export function isSamePath(a: string | undefined, b: string | undefined): boolean {
  return a !== undefined && b !== undefined && normalise(a).toLowerCase() === normalise(b).toLowerCase();
}

/** Whether the item is the page at `activePath`, or a category holding it. */
export function isActiveSidebarItem(item: DocSidebarItem, activePath: string): boolean {
  if (item.type === 'link') return isSamePath(item.href, activePath);
  return isSamePath(item.href, activePath) || item.items.some((child) => isActiveSidebarItem(child, activePath));
}

/** The first page a reader reaches through an item: its own, or its first item's. */
export function findFirstSidebarItemLink(item: DocSidebarItem): string | undefined {
  if (item.href) return item.href;
  if (item.type === 'category') {
    for (const child of item.items) {
      const found = findFirstSidebarItemLink(child);
      if (found) return found;
    }
  }
  return undefined;
}

/** The items leading to the page in its sidebar, the page last; null when it is in no sidebar. */
export function useSidebarBreadcrumbs(): DocSidebarItem[] | null {
  const sidebar = useDocsSidebar();
  if (!sidebar) return null;
  const pathname = currentPathname();
  const path: DocSidebarItem[] = [];
  const visit = (items: DocSidebarItem[]): boolean => {
    for (const item of items) {
      if (isSamePath(item.href, pathname)) {
        path.unshift(item);
        return true;
      }
      if (item.type === 'category' && visit(item.items)) {
        path.unshift(item);
        return true;
      }
    }
    return false;
  };
  visit(sidebar.items);
  return path;
}

/** The category whose page this is (a generated index, or a category's own doc). */
export function useCurrentSidebarCategory(): PropSidebarItemCategory {
  const pathname = currentPathname();
  const sidebar = useDocsSidebar();
  if (!sidebar) throw new Error('Unexpected: cant find current sidebar in context');
  const category = findCategory(sidebar.items, pathname);
  if (!category) {
    throw new Error(
      `${pathname} is not associated with a category. useCurrentSidebarCategory() should only be used on category index pages.`,
    );
  }
  return category;
}

function findCategory(items: DocSidebarItem[], pathname: string): PropSidebarItemCategory | undefined {
  for (const item of items) {
    if (item.type !== 'category') continue;
    if (isSamePath(item.href, pathname)) return item;
    const inner = findCategory(item.items, pathname);
    if (inner) return inner;
  }
  return undefined;
}

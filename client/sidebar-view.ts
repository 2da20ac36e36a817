// The part of a sidebar a page is rendered with, worked out alike by the server (to render it) and
// the browser (to hydrate it from the sidebar's data file, so a page's HTML carries the sidebar once).

import type { RenderedSidebar, SidebarItem, SidebarView } from './model.ts';

/** The sidebar `rendered` names, from its whole items: whole, or pruned to the open path. */
export function sidebarAsRendered(rendered: RenderedSidebar, items: SidebarItem[]): SidebarView {
  if (rendered.prunedFor === undefined) return { id: rendered.id, items };
  return { ...rendered, items: pruneSidebar(items, rendered.prunedFor) };
}

/**
 * The top level and the open path to `route`: a closed category with a page of its own loses its
 * items (its page lists them); one without a page keeps them, so no-JS readers reach every page.
 */
export function pruneSidebar(items: SidebarItem[], route: string): SidebarItem[] {
  return items.map((item) => {
    if (item.type !== 'category') return item;
    const keep = !item.href || !item.collapsed || !item.collapsible || containsRoute(item, route);
    return keep ? { ...item, items: pruneSidebar(item.items, route) } : { ...item, items: [], pruned: true };
  });
}

export function containsRoute(item: SidebarItem, route: string): boolean {
  if (item.href === route) return true;
  return item.type === 'category' && item.items.some((child) => containsRoute(child, route));
}

// A sidebar's items, and the part of a sidebar a page is rendered with.

export type SidebarItem = SidebarDoc | SidebarLink | SidebarCategory;

export interface SidebarDoc {
  type: 'doc';
  label: string;
  href: string;
}

export interface SidebarLink {
  type: 'link';
  label: string;
  href: string;
}

export interface SidebarCategory {
  type: 'category';
  label: string;
  /** Route of the category's own page, when it has one. */
  href?: string;
  collapsed: boolean;
  collapsible: boolean;
  items: SidebarItem[];
  /** Its items were left out of a large sidebar's server render (they come with the sidebar's data file). */
  pruned?: true;
}

/** A sidebar as a page shows it: whole, or only its top level and the open path to `prunedFor`. */
export interface SidebarView {
  id: string;
  items: SidebarItem[];
  /** Set when the view is in part: the route whose open path it keeps (`pruneSidebar`). */
  prunedFor?: string;
}

/**
 * Which sidebar a page was rendered with, and how: the browser takes its items from the sidebar's
 * data file, so the HTML holds them once (as markup), not again as data.
 */
export type RenderedSidebar = Omit<SidebarView, 'items'>;

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

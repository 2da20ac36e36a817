// Sidebar items as the build resolves them, for tests that build sidebars by hand.

import type { SidebarItem } from '../../../client/contract/sidebar.ts';

export type Category = Extract<SidebarItem, { type: 'category' }>;

export const doc = (href: string, label = href): SidebarItem => ({ type: 'doc', label, href });

/** A closed, collapsible category, with a page of its own when `href` is given. */
export const category = (label: string, items: SidebarItem[], href?: string): Category => ({
  type: 'category',
  label,
  collapsed: true,
  collapsible: true,
  items,
  ...(href ? { href } : {}),
});

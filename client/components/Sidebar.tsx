// The docs sidebar: categories are <details> so they open and close without JavaScript;
// after hydration their state is kept across navigations, and the active path is opened.

import type { SidebarItem } from '../contract/sidebar.ts';
import { useSite } from '../context.ts';
import { containsRoute } from '../contract/sidebar.ts';

export function SidebarMenu({ items, label = 'Docs sidebar' }: { items: SidebarItem[]; label?: string }) {
  return (
    <nav className="sidebar-menu" aria-label={label}>
      <ul>
        {items.map((item, index) => (
          <SidebarEntry key={`${item.label}-${index}`} item={item} path={item.label} />
        ))}
      </ul>
    </nav>
  );
}

// The entries carry no classes: sidebar.css styles them by nesting and `aria-current`, since a
// large sidebar repeats every attribute on every page of its docs.
function SidebarEntry({ item, path }: { item: SidebarItem; path: string }) {
  const { route, expanded, setExpanded } = useSite();
  if (item.type !== 'category') {
    const external = item.type === 'link' && /^[a-z]+:/i.test(item.href);
    return (
      <li>
        <a
          href={item.href}
          aria-current={item.href === route ? 'page' : undefined}
          {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
        >
          {item.label}
        </a>
      </li>
    );
  }
  const open = expanded[path] ?? (containsRoute(item, route) || !item.collapsed || !item.collapsible);
  return (
    <li>
      <details
        open={open}
        onToggle={(event) => {
          const now = (event.currentTarget as HTMLDetailsElement).open;
          if (now !== open) setExpanded(path, now);
        }}
      >
        <summary>
          {item.href ? (
            <a href={item.href} aria-current={item.href === route ? 'page' : undefined}>
              {item.label}
            </a>
          ) : (
            <span>{item.label}</span>
          )}
        </summary>
        {/* A large sidebar's closed category arrives without its items (they come with the sidebar's data). */}
        {item.items.length > 0 ? (
          <ul>
            {item.items.map((child, index) => (
              <SidebarEntry key={`${child.label}-${index}`} item={child} path={`${path}/${child.label}`} />
            ))}
          </ul>
        ) : null}
      </details>
    </li>
  );
}

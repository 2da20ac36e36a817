// The docs sidebar: categories are <details> so they open and close without JavaScript;
// after hydration their state is kept across navigations, and the active path is opened.

import type { SidebarItem } from '../model.ts';
import { useSite } from '../context.ts';
import { containsRoute } from '../sidebar-view.ts';
import { Icon } from './Icons.tsx';

export function SidebarMenu({ items, label = 'Docs sidebar' }: { items: SidebarItem[]; label?: string }) {
  return (
    <nav className="sidebar-menu" aria-label={label}>
      <ul className="menu-list">
        {items.map((item, index) => (
          <SidebarEntry key={`${item.label}-${index}`} item={item} path={item.label} level={1} />
        ))}
      </ul>
    </nav>
  );
}

function SidebarEntry({ item, path, level }: { item: SidebarItem; path: string; level: number }) {
  const { route, expanded, setExpanded } = useSite();
  if (item.type !== 'category') {
    const active = item.href === route;
    const external = item.type === 'link' && /^[a-z]+:/i.test(item.href);
    return (
      <li className={`menu-item menu-item-level-${level}`}>
        <a
          className={`menu-link${active ? ' menu-link-active' : ''}`}
          href={item.href}
          aria-current={active ? 'page' : undefined}
          {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
        >
          {item.label}
        </a>
      </li>
    );
  }
  const containsActive = containsRoute(item, route);
  const open = expanded[path] ?? (containsActive || !item.collapsed || !item.collapsible);
  return (
    <li className={`menu-item menu-item-category menu-item-level-${level}${containsActive ? ' menu-item-active' : ''}`}>
      <details
        open={open}
        onToggle={(event) => {
          const now = (event.currentTarget as HTMLDetailsElement).open;
          if (now !== open) setExpanded(path, now);
        }}
      >
        <summary className={`menu-link menu-link-category${item.href === route ? ' menu-link-active' : ''}`}>
          {item.href ? (
            <a href={item.href} className="menu-category-link" aria-current={item.href === route ? 'page' : undefined}>
              {item.label}
            </a>
          ) : (
            <span>{item.label}</span>
          )}
          <span className="menu-caret">
            <Icon name="chevron" small />
          </span>
        </summary>
        {/* A large sidebar's closed category arrives without its items (they come with the sidebar's data). */}
        {item.items.length > 0 ? (
          <ul className="menu-list">
            {item.items.map((child, index) => (
              <SidebarEntry
                key={`${child.label}-${index}`}
                item={child}
                path={`${path}/${child.label}`}
                level={level + 1}
              />
            ))}
          </ul>
        ) : null}
      </details>
    </li>
  );
}

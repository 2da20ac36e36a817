// The docs sidebar: categories are <details> so they open and close without JavaScript;
// after hydration their state is kept across navigations, and the active path is opened.

import type { SidebarItem, SidebarWindow } from '../contract/sidebar.ts';
import { useSite } from '../context.ts';
import { containsRoute, listingPageRoute, listingPageSize } from '../contract/sidebar.ts';
import { pageHref, pagePath } from '../contract/urls.ts';

export function SidebarMenu({
  items,
  label = 'Docs sidebar',
  window,
}: {
  items: SidebarItem[];
  label?: string;
  /** The items are a window of a longer top level (a partial render). */
  window?: SidebarWindow;
}) {
  return (
    <nav className="sidebar-menu" aria-label={label}>
      <ul>
        <EntriesBefore window={window} />
        {items.map((item, index) => (
          <SidebarEntry key={`${item.label}-${index}`} item={item} path={item.label} />
        ))}
        <EntriesAfter window={window} shown={items.length} />
      </ul>
    </nav>
  );
}

// A window's links to what it left out lead to the listing page that holds those entries.
function EntriesBefore({ window }: { window?: SidebarWindow }) {
  const { site } = useSite();
  if (!window || window.before === 0) return null;
  const page = Math.floor((window.before - 1) / listingPageSize) + 1;
  return (
    <li>
      <a href={pagePath(listingPageRoute(window.listing, page), site.trailingSlash)}>
        {`${window.before} earlier entries`}
      </a>
    </li>
  );
}

function EntriesAfter({ window, shown }: { window?: SidebarWindow; shown: number }) {
  const { site } = useSite();
  if (!window || window.after === 0) return null;
  const page = Math.floor((window.before + shown) / listingPageSize) + 1;
  return (
    <li>
      <a href={pagePath(listingPageRoute(window.listing, page), site.trailingSlash)}>
        {shown === 0 ? `All ${window.after} entries` : `${window.after} more entries`}
      </a>
    </li>
  );
}

// The entries carry no classes: sidebar.css styles them by nesting and `aria-current`, since a
// large sidebar repeats every attribute on every page of its docs.
function SidebarEntry({ item, path }: { item: SidebarItem; path: string }) {
  const { route, expanded, setExpanded, site } = useSite();
  if (item.type !== 'category') {
    const external = item.type === 'link' && /^[a-z]+:/i.test(item.href);
    return (
      <li>
        <a
          href={pageHref(item.href, site.trailingSlash)}
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
            <a href={pageHref(item.href, site.trailingSlash)} aria-current={item.href === route ? 'page' : undefined}>
              {item.label}
            </a>
          ) : (
            <span>{item.label}</span>
          )}
        </summary>
        {/* A large sidebar's closed category arrives without its items (they come with the sidebar's data), and a
            long list as a window of it: links lead to the listing pages of what was left out. */}
        {item.items.length > 0 || item.window ? (
          <ul>
            <EntriesBefore window={item.window} />
            {item.items.map((child, index) => (
              <SidebarEntry key={`${child.label}-${index}`} item={child} path={`${path}/${child.label}`} />
            ))}
            <EntriesAfter window={item.window} shown={item.items.length} />
          </ul>
        ) : null}
      </details>
    </li>
  );
}

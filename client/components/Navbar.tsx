// Top bar: logo (to self.app), items, version menu, search slot, colour toggle; below the
// desktop breakpoint a menu button opens the drawer with the docs sidebar and the main menu.
// The logo never changes after load: the server renders it (Logo), the browser keeps its markup.

import { lazy, Suspense, useCallback, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useSite } from '../context.ts';
import type { NavbarItem, NavbarLink } from '../contract/site-config.ts';
import { activeVersion, docsVersions, navbarHref, versionHref } from '../contract/versions.ts';
import { pageHref } from '../contract/urls.ts';
import { Icon } from './Icons.tsx';
import { ThemeToggle } from './ThemeToggle.tsx';

export function Logo() {
  const { site } = useSite();
  const { logo, title } = site.navbar;
  const external = /^[a-z]+:/i.test(logo.href);
  return (
    <a
      className="navbar-brand"
      href={pageHref(logo.href, site.trailingSlash)}
      target={logo.target}
      {...(external && logo.target === '_blank' ? { rel: 'noopener noreferrer' } : {})}
    >
      {logo.src ? (
        // Fetched after what the first paint needs: the logo never stands in for the page's text.
        <>
          <img
            className="navbar-logo navbar-logo-light"
            src={logo.src}
            alt={logo.alt}
            width="96"
            height="28"
            fetchPriority="low"
          />
          <img
            className="navbar-logo navbar-logo-dark"
            src={logo.srcDark || logo.src}
            alt={logo.alt}
            width="96"
            height="28"
            fetchPriority="low"
          />
        </>
      ) : null}
      {title ? <span className="navbar-title">{title}</span> : null}
    </a>
  );
}

function NavLink({ item, className }: { item: NavbarLink; className: string }) {
  const { page, site } = useSite();
  return (
    <a
      className={className}
      href={pageHref(navbarHref(item, page), site.trailingSlash)}
      {...(item.external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
    >
      {item.label}
    </a>
  );
}

/**
 * Docusaurus's navbar dropdown: its links open under it on hover or keyboard focus (CSS alone,
 * so it works before and without React), and are listed in the drawer.
 */
function NavDropdown({ item }: { item: NavbarItem }) {
  return (
    <div className="navbar-dropdown">
      <button type="button" className="navbar-link navbar-dropdown-button" aria-haspopup="true">
        {item.label}
        <span className="version-caret">
          <Icon name="chevron" small />
        </span>
      </button>
      <ul className="version-list navbar-dropdown-list">
        {item.items!.map((link) => (
          <li key={link.href}>
            <NavLink item={link} className="version-item" />
          </li>
        ))}
      </ul>
    </div>
  );
}

function NavItems({ position }: { position: 'left' | 'right' }) {
  const { site } = useSite();
  return (
    <>
      {site.navbar.items
        .filter((item) => item.position === position)
        .map((item, index) =>
          item.html !== undefined ? (
            // Trusted HTML from the site's config, as Docusaurus draws a navbar item of type html.
            <div key={`html-${index}`} className="navbar-html" dangerouslySetInnerHTML={{ __html: item.html }} />
          ) : item.items ? (
            <NavDropdown key={item.href} item={item} />
          ) : (
            <NavLink key={item.href} item={item} className="navbar-link" />
          ),
        )}
    </>
  );
}

/**
 * The docs versions (Docusaurus's version dropdown): the version read, and for each version the
 * same page there when it has one, else its first page. The choice is remembered as the reader's
 * preferred version. A disclosure button over a list of links: Tab reaches each, Escape closes.
 */
export function VersionMenu() {
  const { site, page, preferredVersion, setPreferredVersion } = useSite();
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const listId = useId();
  useEffect(() => {
    if (!open) return undefined;
    const close = (event: Event) => {
      if (event instanceof KeyboardEvent) {
        if (event.key !== 'Escape') return;
        button.current?.focus();
      } else if (root.current?.contains(event.target as Node)) return;
      setOpen(false);
    };
    document.addEventListener('click', close);
    document.addEventListener('keydown', close);
    return () => {
      document.removeEventListener('click', close);
      document.removeEventListener('keydown', close);
    };
  }, [open]);
  const active = activeVersion(site, page, preferredVersion);
  if (!active || site.navbar.versionDropdown === false) return null;
  return (
    <div className={`version-menu${open ? ' version-menu-open' : ''}`} ref={root}>
      <button
        ref={button}
        type="button"
        className="navbar-link version-button"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen(!open)}
        aria-label={`Docs version: ${active.label}`}
      >
        {active.label}
        <span className="version-caret">
          <Icon name="chevron" small />
        </span>
      </button>
      {/* In the HTML while closed, so its links are there before (and without) JavaScript. */}
      <ul className="version-list" id={listId} hidden={!open}>
        {docsVersions(site).map((version) => (
          <li key={version.name}>
            <a
              href={pageHref(versionHref(version, page), site.trailingSlash)}
              className={`version-item${version.name === active.name ? ' version-item-active' : ''}`}
              aria-current={version.name === active.name ? 'true' : undefined}
              onClick={() => {
                setPreferredVersion(version.name);
                setOpen(false);
              }}
            >
              {version.label}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

// The drawer is only ever opened by a click, so its code loads then, not with the page.
const Drawer = lazy(() => import('./Drawer.tsx'));

export function Navbar({ logo, searchSlot }: { logo: ReactNode; searchSlot?: ReactNode }) {
  const { site, sidebarMenu, route, page, setPreferredVersion } = useSite();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [hidden, setHidden] = useState(false);

  const closeDrawer = useCallback(() => setDrawerOpen(false), []);
  useEffect(() => setDrawerOpen(false), [route]);
  useEffect(() => {
    document.documentElement.classList.toggle('drawer-open', drawerOpen);
  }, [drawerOpen]);
  useEffect(() => {
    if (!site.navbar.hideOnScroll) return undefined;
    let last = window.scrollY;
    const onScroll = () => {
      const now = window.scrollY;
      setHidden(now > last && now > 60);
      last = now;
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [site.navbar.hideOnScroll]);

  // The drawer sits outside <nav>: the bar's backdrop filter would otherwise clip it.
  return (
    <>
      <nav className={`navbar${hidden ? ' navbar-hidden' : ''}`} aria-label="Main">
        <div className="navbar-inner">
          <div className="navbar-items navbar-items-left">
            <button
              type="button"
              className="navbar-toggle"
              aria-label="Toggle navigation bar"
              aria-expanded={drawerOpen}
              onClick={() => setDrawerOpen(true)}
            >
              <Icon name="menu" />
            </button>
            {logo}
            <NavItems position="left" />
          </div>
          <div className="navbar-items navbar-items-right">
            <NavItems position="right" />
            <VersionMenu />
            <ThemeToggle className="navbar-theme-toggle" />
            <div className="navbar-search-slot">{searchSlot}</div>
          </div>
        </div>
      </nav>
      {drawerOpen ? (
        <Suspense fallback={null}>
          <Drawer
            onClose={closeDrawer}
            header={
              <>
                {logo}
                <ThemeToggle />
              </>
            }
            secondary={sidebarMenu}
            primary={
              <>
                {site.navbar.items
                  .flatMap((item) => item.items ?? [item])
                  .map((item: NavbarItem | NavbarLink, index) =>
                    'html' in item && item.html !== undefined ? (
                      <li key={`html-${index}`} className="menu-item" dangerouslySetInnerHTML={{ __html: item.html }} />
                    ) : (
                      <li key={item.href} className="menu-item">
                        <NavLink item={item} className="menu-link" />
                      </li>
                    ),
                  )}
                {(site.navbar.versionDropdown === false ? [] : docsVersions(site)).map((version) => (
                  <li key={version.name} className="menu-item">
                    <a
                      className="menu-link"
                      href={pageHref(versionHref(version, page), site.trailingSlash)}
                      onClick={() => setPreferredVersion(version.name)}
                    >
                      {version.label} (docs version)
                    </a>
                  </li>
                ))}
              </>
            }
          />
        </Suspense>
      ) : null}
    </>
  );
}

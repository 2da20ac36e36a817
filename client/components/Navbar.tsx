// Top bar: logo (to self.app), items, version menu, search slot, colour toggle; below the
// desktop breakpoint a menu button opens the drawer with the docs sidebar and the main menu.

import { lazy, Suspense, useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useSite } from '../context.ts';
import { preferredVersionKey } from '../model.ts';
import { readStored } from '../preferences.ts';
import { Icon } from './Icons.tsx';
import { SidebarMenu } from './Sidebar.tsx';
import { ThemeToggle } from './ThemeToggle.tsx';

export function Logo() {
  const { site } = useSite();
  const { logo, title } = site.navbar;
  const external = /^[a-z]+:/i.test(logo.href);
  return (
    <a
      className="navbar-brand"
      href={logo.href}
      target={logo.target}
      {...(external && logo.target === '_blank' ? { rel: 'noopener noreferrer' } : {})}
    >
      {logo.src ? (
        <>
          <img className="navbar-logo navbar-logo-light" src={logo.src} alt={logo.alt} width="96" height="28" />
          <img
            className="navbar-logo navbar-logo-dark"
            src={logo.srcDark || logo.src}
            alt={logo.alt}
            width="96"
            height="28"
          />
        </>
      ) : null}
      {title ? <span className="navbar-title">{title}</span> : null}
    </a>
  );
}

function NavItems({ position }: { position: 'left' | 'right' }) {
  const { site } = useSite();
  return (
    <>
      {site.navbar.items
        .filter((item) => item.position === position)
        .map((item) => (
          <a
            key={item.href}
            className="navbar-link"
            href={item.href}
            {...(item.external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
          >
            {item.label}
          </a>
        ))}
    </>
  );
}

/** One docs version, `current`, labelled from the configuration ('Next'); the choice is remembered. */
export function VersionMenu() {
  const { site } = useSite();
  const [open, setOpen] = useState(false);
  const [preferred, setPreferred] = useState('current');
  const root = useRef<HTMLDivElement>(null);
  useEffect(() => setPreferred(readStored(preferredVersionKey) ?? 'current'), []);
  useEffect(() => {
    if (!open) return undefined;
    const close = (event: Event) => {
      if (event instanceof KeyboardEvent ? event.key === 'Escape' : !root.current?.contains(event.target as Node))
        setOpen(false);
    };
    document.addEventListener('click', close);
    document.addEventListener('keydown', close);
    return () => {
      document.removeEventListener('click', close);
      document.removeEventListener('keydown', close);
    };
  }, [open]);
  const choose = () => {
    try {
      localStorage.setItem(preferredVersionKey, 'current');
    } catch {
      // Without storage the only version is still the one shown.
    }
    setPreferred('current');
    setOpen(false);
  };
  return (
    <div className={`version-menu${open ? ' version-menu-open' : ''}`} ref={root}>
      <button
        type="button"
        className="navbar-link version-button"
        aria-haspopup="true"
        aria-expanded={open}
        onClick={() => setOpen(!open)}
        aria-label={`Docs version: ${site.docs.versionLabel}`}
      >
        {site.docs.versionLabel}
        <span className="version-caret">
          <Icon name="chevron" small />
        </span>
      </button>
      {open ? (
        <ul className="version-list" role="menu">
          <li role="none">
            <a
              role="menuitem"
              href="/"
              className={`version-item${preferred === 'current' ? ' version-item-active' : ''}`}
              aria-current={preferred === 'current' ? 'true' : undefined}
              onClick={choose}
            >
              {site.docs.versionLabel}
            </a>
          </li>
        </ul>
      ) : null}
    </div>
  );
}

// The drawer is only ever opened by a click, so its code loads then, not with the page.
const Drawer = lazy(() => import('./Drawer.tsx'));

export function Navbar({ searchSlot }: { searchSlot?: ReactNode }) {
  const { site, sidebar: sidebarItems, route } = useSite();
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
            <Logo />
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
                <Logo />
                <ThemeToggle />
              </>
            }
            secondary={sidebarItems ? <SidebarMenu items={sidebarItems} /> : undefined}
            primary={
              <>
                {site.navbar.items.map((item) => (
                  <li key={item.href} className="menu-item">
                    <a
                      className="menu-link"
                      href={item.href}
                      {...(item.external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
                    >
                      {item.label}
                    </a>
                  </li>
                ))}
                <li className="menu-item">
                  <a className="menu-link" href="/">
                    {site.docs.versionLabel} (docs version)
                  </a>
                </li>
              </>
            }
          />
        </Suspense>
      ) : null}
    </>
  );
}

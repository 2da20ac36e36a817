// The mobile drawer (below 996 px): the docs sidebar, with 'Back to main menu' to the
// navbar's own items. A lazy chunk: it loads on the first tap of the menu button.

import { useEffect, useRef, useState } from 'react';
import { useSite } from '../context.ts';
import type { SidebarItem } from '../model.ts';
import { CloseIcon } from './Icons.tsx';
import { Logo } from './Navbar.tsx';
import { SidebarMenu } from './Sidebar.tsx';
import { ThemeToggle } from './ThemeToggle.tsx';

export default function Drawer({ sidebarItems, onClose }: { sidebarItems?: SidebarItem[]; onClose: () => void }) {
  const { site } = useSite();
  const [showSecondary, setShowSecondary] = useState(Boolean(sidebarItems));
  const closeButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    closeButton.current?.focus();
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && onClose();
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onClose]);
  return (
    <>
      <div className="drawer-backdrop" onClick={() => onClose()} aria-hidden="true" />
      <div className="drawer" role="dialog" aria-modal="true" aria-label="Navigation menu">
        <div className="drawer-header">
          <Logo />
          <ThemeToggle />
          <button type="button" ref={closeButton} className="drawer-close" aria-label="Close navigation bar" onClick={() => onClose()}>
            <CloseIcon />
          </button>
        </div>
        <div className="drawer-body">
          {showSecondary && sidebarItems ? (
            <div className="drawer-panel drawer-secondary">
              <button type="button" className="drawer-back" onClick={() => setShowSecondary(false)}>
                ← Back to main menu
              </button>
              <SidebarMenu items={sidebarItems} />
            </div>
          ) : (
            <div className="drawer-panel drawer-primary">
              <ul className="menu-list">
                {site.navbar.items.map((item) => (
                  <li key={item.href} className="menu-item">
                    <a className="menu-link" href={item.href} {...(item.external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
                      {item.label}
                    </a>
                  </li>
                ))}
                <li className="menu-item">
                  <a className="menu-link" href="/">{site.docs.versionLabel} (docs version)</a>
                </li>
                {sidebarItems ? (
                  <li className="menu-item">
                    <button type="button" className="menu-link drawer-forward" onClick={() => setShowSecondary(true)}>
                      Docs menu →
                    </button>
                  </li>
                ) : null}
              </ul>
            </div>
          )}
        </div>
      </div>
    </>
  );
}

// The mobile drawer (below 996 px): the docs sidebar, with 'Back to main menu' to the
// navbar's own items. A lazy chunk: it loads on the first tap of the menu button.

import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useStyleGroup } from '../use-style-loader.ts';

export interface DrawerProps {
  /** Logo and colour toggle, from the navbar. */
  header: ReactNode;
  /** The docs sidebar of the page, when it has one. */
  secondary?: ReactNode;
  /** The navbar's own items as menu entries. */
  primary: ReactNode;
  onClose: () => void;
}

// Everything the drawer shows comes in as elements, so this chunk shares no modules with
// the main bundle (a shared chunk would cost the first load more than it saves): only the
// style-group linker, with the other lazy chunks.
export default function Drawer({ header, secondary, primary, onClose }: DrawerProps) {
  // No page inlines the drawer's styles: they arrive with its first opening, before it shows.
  useStyleGroup('drawer');
  const [showSecondary, setShowSecondary] = useState(Boolean(secondary));
  const closeButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    closeButton.current?.focus();
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && onClose();
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onClose]);
  return (
    <>
      <div className="drawer-backdrop" onClick={onClose} aria-hidden="true" />
      <div className="drawer" role="dialog" aria-modal="true" aria-label="Navigation menu">
        <div className="drawer-header">
          {header}
          <button
            type="button"
            ref={closeButton}
            className="drawer-close"
            aria-label="Close navigation bar"
            onClick={onClose}
          >
            <span className="icon icon-close" aria-hidden="true" />
          </button>
        </div>
        <div className="drawer-body">
          {showSecondary && secondary ? (
            <div className="drawer-panel drawer-secondary">
              <button type="button" className="drawer-back" onClick={() => setShowSecondary(false)}>
                ← Back to main menu
              </button>
              {secondary}
            </div>
          ) : (
            <div className="drawer-panel drawer-primary">
              <ul className="menu-list">
                {primary}
                {secondary ? (
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

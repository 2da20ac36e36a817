// The search button in the navbar. It is all the main bundle carries of search: the modal
// (DocSearch) is a separate chunk, fetched on first hover, focus, click or shortcut.

import { useCallback, useEffect, useRef, useState, type ComponentType, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useSite } from '../context.ts';
import { currentVersionName, searchLimits, versionTag } from '../model.ts';
import type { SearchModalProps } from '../search/SearchModal.tsx';
import { activeVersion, latestVersion } from '../versions.ts';

let modal: Promise<ComponentType<SearchModalProps>> | undefined;

/** The modal's chunk and its stylesheet, fetched together once; resolves when both are ready. */
function loadModal(styleHref: string | undefined) {
  modal ??= import('../search/open-modal.ts').then((module) => module.loadModal(styleHref, createPortal));
  return modal;
}

function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/** The magnifier: rendered by the server only (the browser keeps its markup, see StaticChrome). */
export function SearchIcon() {
  return (
    <svg width="18" height="18" viewBox="0 0 20 20" aria-hidden="true">
      <path
        d="M14.386 14.386l4.088 4.088-4.088-4.088A7.533 7.533 0 113.733 3.733a7.533 7.533 0 0110.653 10.653z"
        stroke="currentColor"
        fill="none"
        fillRule="evenodd"
        strokeLinecap="round"
        strokeLinejoin="round"
        strokeWidth="1.6"
      />
    </svg>
  );
}

export function SearchButton({ icon }: { icon: ReactNode }) {
  const { searchStyle, navigate, site, page, preferredVersion } = useSite();
  // Search the version being read (or preferred), as Docusaurus's contextual search does.
  const version = activeVersion(site, page, preferredVersion);
  const searchVersion = version && version.name !== latestVersion(site)?.name ? version.name : undefined;
  const tag = versionTag(version?.name ?? currentVersionName);
  const [mac, setMac] = useState(false);
  const [Modal, setModal] = useState<ComponentType<SearchModalProps>>();
  const [open, setOpen] = useState(false);
  const [initialQuery, setInitialQuery] = useState('');
  const [ready, setReady] = useState(false);
  const button = useRef<HTMLButtonElement>(null);

  const openModal = useCallback(() => {
    // Selected text becomes the first query, as on Docusaurus.
    const selected = window.getSelection()?.toString().trim() ?? '';
    setInitialQuery([...selected].slice(0, searchLimits.queryLength).join(''));
    void loadModal(searchStyle).then((component) => {
      setModal(() => component);
      setOpen(true);
    });
  }, [searchStyle]);

  useEffect(() => setMac(/Mac|iPhone|iPad/.test(navigator.platform)), []);

  const closeModal = useCallback(() => {
    setOpen(false);
    button.current?.focus();
  }, []);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && open) {
        event.preventDefault();
        closeModal();
        return;
      }
      const shortcut = (event.key === 'k' || event.key === 'K') && (event.metaKey || event.ctrlKey);
      const slash = event.key === '/' && !isTyping(event.target) && !event.metaKey && !event.ctrlKey && !event.altKey;
      if (!shortcut && !slash) return;
      event.preventDefault();
      if (open && shortcut) closeModal();
      else if (!open) openModal();
    };
    window.addEventListener('keydown', onKeyDown);
    setReady(true);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [open, openModal, closeModal]);

  return (
    <>
      <button
        ref={button}
        type="button"
        className="search-button"
        aria-label="Search docs"
        aria-keyshortcuts="Control+K Meta+K /"
        data-search-ready={ready ? 'true' : undefined}
        onPointerEnter={() => void loadModal(searchStyle)}
        onFocus={() => void loadModal(searchStyle)}
        onClick={openModal}
      >
        {icon}
        <span className="search-button-placeholder">Search docs</span>
        <span className="search-button-keys" aria-hidden="true">
          <kbd>{mac ? '⌘' : 'Ctrl'}</kbd>
          <kbd>K</kbd>
        </span>
      </button>
      {open && Modal ? (
        <Modal initialQuery={initialQuery} navigate={navigate} onClose={closeModal} tag={tag} version={searchVersion} />
      ) : null}
    </>
  );
}

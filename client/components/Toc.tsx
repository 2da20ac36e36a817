// Table of contents (h2–h3) with scroll-spy: the heading last scrolled past is active.

import { useEffect, useState } from 'react';
import type { TocItem } from '../model.ts';

const navbarOffset = 90;

export function useActiveHeading(toc: TocItem[]): string | undefined {
  const [active, setActive] = useState<string>();
  useEffect(() => {
    if (toc.length === 0) return undefined;
    let frame = 0;
    const update = () => {
      frame = 0;
      let current: string | undefined = toc[0]?.id;
      for (const item of toc) {
        const element = document.getElementById(item.id);
        if (element && element.getBoundingClientRect().top <= navbarOffset + 10) current = item.id;
      }
      const atBottom = window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - 2;
      setActive(atBottom ? toc.at(-1)?.id : current);
    };
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(update);
    };
    update();
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('resize', onScroll);
    return () => {
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('resize', onScroll);
      if (frame) cancelAnimationFrame(frame);
    };
  }, [toc]);
  return active;
}

export function TocList({ toc, active }: { toc: TocItem[]; active?: string }) {
  return (
    <ul className="toc-list">
      {toc.map((item) => (
        <li key={item.id} className={`toc-item toc-level-${item.level}`}>
          <a
            href={`#${item.id}`}
            className={`toc-link${item.id === active ? ' toc-link-active' : ''}`}
            aria-current={item.id === active ? 'location' : undefined}
          >
            {item.text}
          </a>
        </li>
      ))}
    </ul>
  );
}

/** Right-hand column on desktop. */
export function TocDesktop({ toc }: { toc: TocItem[] }) {
  const active = useActiveHeading(toc);
  return (
    <nav className="toc-desktop" aria-label="On this page">
      <p className="toc-title">On this page</p>
      <TocList toc={toc} active={active} />
    </nav>
  );
}

/** Collapsible box above the content below the desktop breakpoint. */
export function TocMobile({ toc }: { toc: TocItem[] }) {
  return (
    <details className="toc-mobile">
      <summary>On this page</summary>
      <TocList toc={toc} />
    </details>
  );
}

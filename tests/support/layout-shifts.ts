// The layout shifts of a page's load that a reader could see, read in the page once it has loaded.

import type { Page } from '@playwright/test';

/**
 * The layout shifts of the page's load so far that a reader could see, once it has loaded and drawn
 * two more frames: a shift whose every element moved or resized by less than a CSS pixel (sub-pixel
 * rounding, which Chromium still reports with a score) is nothing a reader sees move. Each is
 * described by its score and the start of its elements' markup.
 */
export const layoutShifts = (page: Page): Promise<string[]> =>
  page.evaluate(async () => {
    if (document.readyState !== 'complete') await new Promise((done) => addEventListener('load', done, { once: true }));
    for (let frame = 0; frame < 2; frame++) await new Promise(requestAnimationFrame);
    // Layout shifts are not in the performance timeline's lists: an observer asked for the buffered
    // ones holds them at once, for takeRecords (its callback would come later, and never when nothing moved).
    const observer = new PerformanceObserver(() => undefined);
    observer.observe({ type: 'layout-shift', buffered: true });
    type Shift = {
      value: number;
      sources?: { node?: Node; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
    };
    const moved = (shift: Shift) =>
      !shift.sources?.length ||
      shift.sources.some(({ previousRect: a, currentRect: b }) =>
        [a.x - b.x, a.y - b.y, a.width - b.width, a.height - b.height].some((delta) => Math.abs(delta) >= 1),
      );
    const shifts = (observer.takeRecords() as unknown as Shift[]).filter(moved).map((shift) => {
      const what = (shift.sources ?? []).map((source) => (source.node as Element | undefined)?.outerHTML.slice(0, 80));
      return `${shift.value} (${what.join('; ')})`;
    });
    observer.disconnect();
    return shifts;
  });

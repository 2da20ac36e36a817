// Draws the page's ```mermaid fences (`.mermaid-diagram`, scripts/compiler/compile/markdown/mermaid.ts)
// as SVG with Mermaid, in Mermaid's theme for the reader's colour mode, and draws them again when
// the colour mode changes. A chunk of its own: the worker adds it to pages that have a diagram,
// and client-side navigation imports it when the page it shows has one (client/navigation.tsx).
// The fence's source stays in the page for readers without JavaScript and if drawing fails.

import mermaid, { type MermaidConfig } from 'mermaid';

const selector = '.mermaid-diagram';
let drawn = 0;
let queue = Promise.resolve();
let observing = false;

/** Draws every diagram of the document not yet drawn in the current colour mode. */
export function renderDiagrams(): Promise<void> {
  watchColourMode();
  queue = queue.then(drawAll, drawAll);
  return queue;
}

async function drawAll(): Promise<void> {
  const mode = colourMode();
  for (const element of document.querySelectorAll<HTMLElement>(selector)) {
    if (element.dataset.rendered === mode) continue;
    const source = element.querySelector('.mermaid-source')?.textContent ?? '';
    const theme = (mode === 'dark' ? element.dataset.mermaidDark : element.dataset.mermaidLight) ?? 'default';
    const options = JSON.parse(element.dataset.mermaidOptions ?? '{}') as MermaidConfig;
    // Strict whatever the site's options say: labels are text, never HTML or script; no click handlers.
    mermaid.initialize({ ...options, startOnLoad: false, securityLevel: 'strict', theme: theme as 'default' });
    try {
      const { svg } = await mermaid.render(`mermaid-${++drawn}`, source);
      let target = element.querySelector<HTMLElement>(':scope > .mermaid-svg');
      if (!target) {
        target = document.createElement('div');
        target.className = 'mermaid-svg';
        element.appendChild(target);
      }
      target.innerHTML = svg;
      element.dataset.rendered = mode;
    } catch (error) {
      console.warn('A Mermaid diagram could not be drawn; its source is shown instead.', error);
      element.removeAttribute('data-rendered');
    }
  }
}

/** The colour mode the page is painted in: `<html data-theme>` (client/theme-control.ts). */
function colourMode(): 'light' | 'dark' {
  return document.documentElement.dataset.theme === 'dark' ? 'dark' : 'light';
}

/** Draws again on a change of colour mode, and draws the diagrams of pages a navigation shows. */
function watchColourMode(): void {
  if (observing) return;
  observing = true;
  new MutationObserver(() => void renderDiagrams()).observe(document.documentElement, {
    attributes: true,
    attributeFilter: ['data-theme'],
  });
  new MutationObserver((records) => {
    const added = records.some((record) =>
      [...record.addedNodes].some(
        (node) => node instanceof Element && (node.matches(selector) || node.querySelector(selector)),
      ),
    );
    if (added) void renderDiagrams();
  }).observe(document.body, { childList: true, subtree: true });
}

void renderDiagrams();

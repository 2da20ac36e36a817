// The widgets inside an article, the copy button of a code block and tabs, work by event
// delegation on the document: the first page's article is server markup React does not own,
// and pages shown by client-side navigation have the same markup, so one listener serves all.
// (<details> needs no script.)

const copiedMs = 1500;
const tabSelector = '.tabs-container > [role="tablist"] > [role="tab"]';

export function listenToContentWidgets(): void {
  document.addEventListener('click', (event) => {
    const target = event.target as Element | null;
    const copy = target?.closest?.('.code-copy');
    if (copy instanceof HTMLButtonElement) void copyCode(copy);
    const tab = target?.closest?.(tabSelector);
    if (tab instanceof HTMLElement) selectTab(tab);
  });
  document.addEventListener('keydown', (event) => {
    if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
    const tab = (event.target as Element | null)?.closest?.(tabSelector);
    if (!(tab instanceof HTMLElement)) return;
    const tabs = tabsBeside(tab);
    const next = tabs[(tabs.indexOf(tab) + (event.key === 'ArrowRight' ? 1 : -1) + tabs.length) % tabs.length];
    if (!next) return;
    event.preventDefault();
    selectTab(next);
    next.focus();
  });
}

async function copyCode(button: HTMLButtonElement): Promise<void> {
  const text = button.closest('.code-block-body')?.querySelector('pre')?.textContent ?? '';
  try {
    await navigator.clipboard.writeText(text);
  } catch (error) {
    console.warn('Copy to clipboard failed', error);
    return;
  }
  const label = button.getAttribute('aria-label') ?? '';
  if (label === 'Copied') return;
  const icon = button.querySelector('.icon');
  button.setAttribute('aria-label', 'Copied');
  icon?.classList.replace('icon-copy', 'icon-check');
  setTimeout(() => {
    button.setAttribute('aria-label', label);
    icon?.classList.replace('icon-check', 'icon-copy');
  }, copiedMs);
}

function tabsBeside(tab: HTMLElement): HTMLElement[] {
  return [...(tab.parentElement?.children ?? [])].filter(
    (element): element is HTMLElement => element instanceof HTMLElement && element.getAttribute('role') === 'tab',
  );
}

/** Tab i shows panel i of the same container (panels are the container's own children, so tabs nest). */
function selectTab(tab: HTMLElement): void {
  const panels = [...(tab.closest('.tabs-container')?.children ?? [])].filter(
    (element) => element.getAttribute('role') === 'tabpanel',
  );
  tabsBeside(tab).forEach((each, index) => {
    const selected = each === tab;
    each.setAttribute('aria-selected', String(selected));
    each.tabIndex = selected ? 0 : -1;
    panels[index]?.toggleAttribute('hidden', !selected);
  });
}

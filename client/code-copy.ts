// A code block's copy button: its own small chunk, fetched on the first click (page-widgets.ts), so
// pages read without copying carry none of it.

const copiedMs = 1500;

/** Copies the block's code and says so on the button for a moment. */
export async function copyCode(button: HTMLButtonElement): Promise<void> {
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

// "Copy page": fetched as its own chunk on the first click, so the first load carries none of it.
// The Markdown comes from `<route>.md` (the build's plain-Markdown export of the page).

/** Puts the page's Markdown on the clipboard; resolves false when the browser refused. */
export async function copyPageMarkdown(markdownUrl: string): Promise<boolean> {
  const text = fetch(markdownUrl).then((response) => {
    if (!response.ok) throw new Error(`${markdownUrl} answered ${response.status}`);
    return response.text();
  });
  try {
    // Safari keeps the click's permission only if the clipboard write starts now, with a promise.
    if (typeof ClipboardItem !== 'undefined' && 'write' in navigator.clipboard) {
      const blob = text.then((value) => new Blob([value], { type: 'text/plain' }));
      await navigator.clipboard.write([new ClipboardItem({ 'text/plain': blob })]);
    } else {
      await navigator.clipboard.writeText(await text);
    }
    return true;
  } catch (error) {
    console.warn('copy page failed', error);
    return false;
  }
}

// What a reader's browser would complain about on a page: console errors, hydration warnings,
// uncaught errors, CSP violations and failed requests, collected as they happen.

import type { ConsoleMessage, Page } from '@playwright/test';

export function watchProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (browsersOwnFaviconGuess(message)) return;
    if (message.type() === 'error' || /hydrat|Content Security Policy/i.test(message.text()))
      problems.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
  page.on('response', (response) => {
    if (response.status() >= 400) problems.push(`${response.status()} ${response.url()}`);
  });
  return problems;
}

/**
 * A page that names no icon (a Docusaurus site without `favicon`, as Docusaurus renders it) gets
 * the browser's own guess, /favicon.ico, asked for at a moment of the browser's choosing and not
 * seen as one of the page's responses: its 404 says nothing of the page, and whether it falls
 * inside a test depends on timing. An icon the page names is asked for at its own path.
 */
function browsersOwnFaviconGuess(message: ConsoleMessage): boolean {
  const { url } = message.location();
  return (
    message.text().startsWith('Failed to load resource') &&
    URL.canParse(url) &&
    new URL(url).pathname === '/favicon.ico'
  );
}

// The "Copy page" control beside the title: a button that copies the page's Markdown and a small
// menu with "View as Markdown". The click is handled by client/page-widgets.ts, which fetches
// the copying code as a lazy chunk on the first click.

import { markdownPath } from '../contract/urls.ts';

export function CopyPage({ route }: { route: string }) {
  return (
    <div className="page-actions">
      <button type="button" className="page-actions-copy" data-markdown={markdownPath(route)} aria-live="polite">
        Copy page
      </button>
      <details className="page-actions-menu">
        <summary aria-label="More page actions" />
        <a href={markdownPath(route)}>View as Markdown</a>
      </details>
    </div>
  );
}

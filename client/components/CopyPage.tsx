// The "Copy page" control beside the title: a button that copies the page's Markdown and a small
// menu with "View as Markdown". The copying code is a lazy chunk, loaded on the first click.

import { useEffect, useState } from 'react';
import { markdownPath } from '../model.ts';

export function CopyPage({ route }: { route: string }) {
  const [label, setLabel] = useState('Copy page');
  useEffect(() => setLabel('Copy page'), [route]);
  const copy = () => {
    void import('../copy-page.ts')
      .then((module) => module.copyPageMarkdown(markdownPath(route)))
      .then(
        (copied) => setLabel(copied ? 'Copied' : 'Copy failed'),
        () => setLabel('Copy failed'),
      );
  };
  return (
    <div className="page-actions">
      <button type="button" className="page-actions-copy" onClick={copy} aria-live="polite">
        {label}
      </button>
      <details className="page-actions-menu">
        <summary aria-label="More page actions" />
        <a href={markdownPath(route)}>View as Markdown</a>
      </details>
    </div>
  );
}

// Pages for an unknown route, a store failure, a failed client-side load and, under the dev
// server, a page that failed to build.

import type { BrokenPage } from '../model.ts';

export function NotFound() {
  return (
    <main id="__main" className="status-page" tabIndex={-1}>
      <h1>Page Not Found</h1>
      <p>We could not find what you were looking for.</p>
      <p>
        The page may have moved. Start again from the <a href="/">documentation home</a> or pick a page from the menu.
      </p>
    </main>
  );
}

export function ServiceUnavailable() {
  return (
    <main id="__main" className="status-page" tabIndex={-1}>
      <h1>This page is not available right now</h1>
      <p>The documentation store did not answer. This is usually brief.</p>
      {/* A GET form reloads the page without needing JavaScript. */}
      <form method="get">
        <button type="submit" className="button button-primary">
          Retry
        </button>
      </form>
    </main>
  );
}

/** Where each problem is and what to do about it: the build's own words, never a stack trace. */
export function BrokenPageProblems({ broken }: { broken: BrokenPage }) {
  const count = broken.problems.length + broken.more;
  return (
    <main id="__main" className="status-page build-error" tabIndex={-1}>
      <h1>This page failed to build</h1>
      <p>
        <code>{broken.source}</code> has {count === 1 ? 'a problem' : `${count} problems`}. Fix{' '}
        {count === 1 ? 'it' : 'them'} and save: the dev server builds the page again, and this page shows it once it
        builds.
      </p>
      <ol className="build-problems">
        {broken.problems.map((problem, index) => (
          <li key={index}>
            <p>
              <code className="build-problem-place">
                {problem.file}
                {problem.line ? `:${problem.line}` : ''}
              </code>
            </p>
            <p className="build-problem-text">{problem.problem}</p>
            <p>
              <strong>Fix:</strong> {problem.fix}
            </p>
          </li>
        ))}
      </ol>
      {broken.more > 0 ? <p>{broken.more} more problems are listed in the terminal.</p> : null}
    </main>
  );
}

export function PageLoadError({ error, onRetry }: { error: string; onRetry: () => void }) {
  return (
    <div className="error-panel" role="alert">
      <h1>The page could not be loaded</h1>
      <p className="error-message">{error}</p>
      <button type="button" className="button button-primary" onClick={onRetry}>
        Retry
      </button>
    </div>
  );
}

export function Spinner() {
  return (
    <div className="page-spinner" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <span className="visually-hidden">Loading…</span>
    </div>
  );
}

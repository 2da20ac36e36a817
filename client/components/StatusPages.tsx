// Pages for an unknown route, a store failure and a failed client-side load.

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

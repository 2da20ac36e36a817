// What client-side navigation shows while a page loads slowly, or when it could not be loaded.

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

// `@docusaurus/ErrorBoundary`: what its children throw while rendering in the browser is caught and
// the fallback shown, with a way to try again; Docusaurus's default fallback says what failed.

import { Component, type ReactNode } from 'react';

export interface FallbackParams {
  error: Error;
  tryAgain: () => void;
}

interface Props {
  fallback?: (params: FallbackParams) => ReactNode;
  children: ReactNode;
}

export default class ErrorBoundary extends Component<Props, { error: Error | null }> {
  override state: { error: Error | null } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    const tryAgain = () => this.setState({ error: null });
    if (this.props.fallback) return this.props.fallback({ error, tryAgain });
    return (
      <div className="error-boundary-fallback" role="alert">
        <p>This part of the page crashed: {error.message}</p>
        <button type="button" onClick={tryAgain}>
          Try again
        </button>
      </div>
    );
  }
}

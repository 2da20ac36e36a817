import { Component, type ReactNode } from 'react';

interface State {
  error?: Error;
}

/** Keeps the layout usable when a page's content throws while rendering. */
export class ErrorBoundary extends Component<{ children: ReactNode; resetKey: string }, State> {
  override state: State = {};

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidUpdate(previous: { resetKey: string }) {
    if (previous.resetKey !== this.props.resetKey && this.state.error) this.setState({ error: undefined });
  }

  override componentDidCatch(error: Error) {
    console.error('Page crashed:', error);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <div className="error-panel" role="alert">
        <h1>This page crashed.</h1>
        <p className="error-message">{this.state.error.message}</p>
        <button type="button" className="button button-primary" onClick={() => this.setState({ error: undefined })}>
          Try again
        </button>
      </div>
    );
  }
}

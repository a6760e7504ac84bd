import { Component, type ReactNode } from 'react';
import { Failure } from './Status';

/** A page whose code could not be downloaded (or that broke) shows the failure message, not a blank area. */
export class PageErrorBoundary extends Component<{ children: ReactNode; resetKey: string }, { failed: boolean; key: string }> {
  state = { failed: false, key: this.props.resetKey };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: { resetKey: string }, state: { failed: boolean; key: string }) {
    return props.resetKey !== state.key ? { failed: false, key: props.resetKey } : null;
  }

  render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div className="site-container" style={{ padding: '2rem 1.5rem' }}>
        <Failure message="页面没有加载出来" onRetry={() => window.location.reload()} />
      </div>
    );
  }
}

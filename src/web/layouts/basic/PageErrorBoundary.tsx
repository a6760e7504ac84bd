import { Component, type ReactNode } from 'react';
import Exception from '../../pages/exception/Exception';

/** A page that throws while rendering (or whose chunk fails to load) shows the 500 page instead of a blank screen. */
export class PageErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  render() {
    return this.state.failed ? <Exception type="500" /> : this.props.children;
  }
}

import { Component, type ReactNode } from 'react';

interface ChunkBoundaryProps {
  /** Shown when a lazily loaded part of the page fails to load or render. */
  fallback: ReactNode;
  children: ReactNode;
}

/** Keeps a failed lazy chunk (e.g. a dropped connection) from blanking the whole page. */
export class ChunkBoundary extends Component<ChunkBoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

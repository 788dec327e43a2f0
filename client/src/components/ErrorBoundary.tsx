import { Component, type ReactNode } from "react";

type Fallback = ReactNode | ((retry: () => void) => ReactNode);

/**
 * A failed current-user check leads to the sign-in screen (§8); elsewhere a failed part shows its
 * fallback, which may offer to try again (`retry` renders the children anew).
 */
export class ErrorBoundary extends Component<{ fallback: Fallback; children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  componentDidCatch(error: unknown) {
    console.error(error);
  }
  retry = () => this.setState({ failed: false });
  render() {
    if (!this.state.failed) return this.props.children;
    const { fallback } = this.props;
    return typeof fallback === "function" ? fallback(this.retry) : fallback;
  }
}

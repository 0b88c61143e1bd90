import { Component, type ErrorInfo, type ReactNode } from "react";
import { ErrorNotice } from "../components/ErrorNotice";

type Props = { children: ReactNode; resetKey: string };
type State = { error: unknown; resetKey: string };

/**
 * Catches a page that failed to render and shows why, so that a bug is a readable message and
 * never a blank page; moving to another page (a new `resetKey`) tries again.
 */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: undefined, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey === state.resetKey ? null : { error: undefined, resetKey: props.resetKey };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error("privnet panel: a page failed to render", error, info.componentStack);
  }

  override render(): ReactNode {
    if (this.state.error !== undefined) {
      return <ErrorNotice error={this.state.error} title="This page failed to show:" />;
    }
    return this.props.children;
  }
}

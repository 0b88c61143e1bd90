import type { StreamState } from "../api/followEventStream";
import { ErrorNotice } from "./ErrorNotice";

export type StreamStatusProps = {
  state: StreamState;
  /** What the page shows live, said while the stream is open. */
  live: string;
  /** The stream, as in "Connecting to the price stream…". */
  stream: string;
  className?: string;
};

/** Whether a page's live data flows: open, (re)connecting with the reason, or closed. */
export function StreamStatus({ state, live, stream, className = "muted" }: StreamStatusProps) {
  return (
    <>
      <p className={className} role="status">
        {state.status === "open"
          ? live
          : state.status === "connecting"
            ? `Connecting to the ${stream}…`
            : `The ${stream} is closed.`}
      </p>
      {state.error && state.status !== "open" ? <ErrorNotice error={state.error} /> : null}
    </>
  );
}

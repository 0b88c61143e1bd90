import { EventSourceParserStream } from "eventsource-parser/stream";
import { tokenStore } from "../auth/tokenStore";
import { ApiError } from "./ApiError";

export type ServerEvent = { event: string | undefined; data: string };

/** `open`: events flow; `connecting`: (re)connecting, `error` says why; `closed`: a 401, the token prompt takes over. */
export type StreamState = { status: "connecting" | "open" | "closed"; error: ApiError | undefined };

export type FollowEventStreamOptions = {
  /** Named in messages: "admin API", "oracle API". */
  api: string;
  /** The admin token to send, if any. */
  token: string | undefined;
  signal: AbortSignal;
  onEvent(event: ServerEvent): void;
  onState(state: StreamState): void;
};

const FIRST_RETRY_MS = 1_000;
const LAST_RETRY_MS = 15_000;

/**
 * Follows a server-sent-event stream of the panel's origin until `signal` aborts. It reads the
 * stream with fetch rather than `EventSource`, which cannot send the admin token; it reconnects
 * when the server ends or drops the stream (after 1 s, doubling up to 15 s while it keeps
 * failing), and stops on a 401: the token prompt takes over, and a new token opens a new stream.
 *
 * @example
 * const controller = new AbortController();
 * void followEventStream("/bots/events", {
 *   api: "admin API",
 *   token: undefined,
 *   signal: controller.signal,
 *   onEvent: (event) => console.log(event.event, event.data),
 *   onState: (state) => console.log(state.status),
 * });
 */
export async function followEventStream(path: string, options: FollowEventStreamOptions): Promise<void> {
  const { api, token, signal, onEvent, onState } = options;
  let retry = FIRST_RETRY_MS;
  while (!signal.aborted) {
    onState({ status: "connecting", error: undefined });
    let failure: ApiError | undefined;
    try {
      const response = await fetch(path, {
        signal,
        headers: { Accept: "text/event-stream", ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      });
      if (response.status === 401) {
        tokenStore.refused(token);
        onState({ status: "closed", error: await ApiError.fromResponse(response, api) });
        return;
      }
      if (!response.ok || !response.body) throw await ApiError.fromResponse(response, api);
      onState({ status: "open", error: undefined });
      retry = FIRST_RETRY_MS;
      const events = response.body
        .pipeThrough(new TextDecoderStream())
        .pipeThrough(new EventSourceParserStream());
      for await (const message of events) onEvent({ event: message.event, data: message.data });
      failure = new ApiError(0, undefined, "The event stream ended; reconnecting.");
    } catch (error) {
      if (signal.aborted) return;
      failure =
        error instanceof ApiError
          ? error
          : new ApiError(
              0,
              undefined,
              `The event stream broke off (${(error as Error).message}); reconnecting.`,
            );
    }
    onState({ status: "connecting", error: failure });
    await delay(retry, signal);
    retry = Math.min(retry * 2, LAST_RETRY_MS);
  }
}

function delay(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      "abort",
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });
}

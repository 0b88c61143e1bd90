import { useEffect, useRef, useState } from "react";
import { useTokenState } from "../auth/tokenStore";
import { followEventStream, type ServerEvent, type StreamState } from "./followEventStream";

type StreamListener = { onEvent(event: ServerEvent): void; onState(state: StreamState): void };

/** One followed stream and the components listening to it. */
type SharedStream = { controller: AbortController; state: StreamState; listeners: Set<StreamListener> };

/**
 * Streams followed now, by API, path and token. A browser keeps about six connections per origin
 * over HTTP/1.1 and each stream holds one for as long as it is followed: components that follow
 * the same stream (the bots page's log and its gas chart) share a single connection.
 */
const streams = new Map<string, SharedStream>();

/** Joins the stream (following it when nobody does yet); the returned function leaves it. */
function subscribe(api: string, path: string, token: string | undefined, listener: StreamListener) {
  const key = JSON.stringify([api, path, token ?? null]);
  let stream = streams.get(key);
  if (!stream) {
    const shared: SharedStream = {
      controller: new AbortController(),
      state: { status: "connecting", error: undefined },
      listeners: new Set(),
    };
    void followEventStream(path, {
      api,
      token,
      signal: shared.controller.signal,
      onEvent: (event) => {
        for (const each of shared.listeners) each.onEvent(event);
      },
      onState: (state) => {
        shared.state = state;
        for (const each of shared.listeners) each.onState(state);
      },
    });
    streams.set(key, shared);
    stream = shared;
  }
  stream.listeners.add(listener);
  listener.onState(stream.state);
  const joined = stream;
  return () => {
    joined.listeners.delete(listener);
    if (joined.listeners.size > 0) return;
    joined.controller.abort();
    if (streams.get(key) === joined) streams.delete(key);
  };
}

/**
 * Follows a server-sent-event stream while the component is mounted, with the current admin token
 * (a new token reconnects). `onEvent` may change between renders. Components following the same
 * stream share one connection.
 *
 * @example
 * const stream = useEventStream("admin API", "/bots/events", (event) => console.log(event.data));
 */
export function useEventStream(
  api: string,
  path: string,
  onEvent: (event: ServerEvent) => void,
): StreamState {
  const { token } = useTokenState();
  const [state, setState] = useState<StreamState>({ status: "connecting", error: undefined });
  const handler = useRef(onEvent);
  handler.current = onEvent;
  useEffect(
    () =>
      subscribe(api, path, token, {
        onEvent: (event) => handler.current(event),
        onState: setState,
      }),
    [api, path, token],
  );
  return state;
}

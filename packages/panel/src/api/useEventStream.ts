import { useEffect, useRef, useState } from "react";
import { useTokenState } from "../auth/tokenStore";
import { followEventStream, type ServerEvent, type StreamState } from "./followEventStream";

/**
 * Follows a server-sent-event stream while the component is mounted, with the current admin token
 * (a new token reconnects). `onEvent` may change between renders.
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
  useEffect(() => {
    const controller = new AbortController();
    void followEventStream(path, {
      api,
      token,
      signal: controller.signal,
      onEvent: (event) => handler.current(event),
      onState: setState,
    });
    return () => controller.abort();
  }, [api, path, token]);
  return state;
}

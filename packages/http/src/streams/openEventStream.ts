import type { ServerResponse } from "node:http";

/** An open server-sent-events stream. */
export type EventStream = {
  /** Writes one event: `event: <name>` and `data:` the JSON of `data`. Nothing once ended. */
  send(event: string, data: unknown): void;
  /** Ends the stream (idempotent). */
  end(): void;
  /** Runs `listener` once when the stream ends: closed by the client, by {@link EventStream.end} or by the server. */
  onEnd(listener: () => void): void;
  readonly ended: boolean;
};

export type EventStreamOptions = {
  /** A comment line sent this often keeps proxies from closing an idle stream. Default 15 s. */
  keepAliveMs?: number;
};

// Marks the responses that are event streams, so that a closing server can end them (they never end
// by themselves and would keep `server.close()` waiting). A registered symbol, so that two copies of
// this package in one process still see each other's streams.
const endStream = Symbol.for("privnet.http.endEventStream");
type MarkedResponse = ServerResponse & { [endStream]?: () => void };

/**
 * Answers `response` with a `text/event-stream` and keeps it open until the client goes away, the
 * stream is ended, or the server that serves it closes ({@link endEventStream}).
 *
 * @example
 * const stream = openEventStream(response);
 * const listener = (event: BotEvent) => stream.send("bot", event);
 * platform.events.on("bot", listener);
 * stream.onEnd(() => platform.events.off("bot", listener));
 */
export function openEventStream(response: ServerResponse, options: EventStreamOptions = {}): EventStream {
  response.statusCode = 200;
  response.setHeader("Content-Type", "text/event-stream; charset=utf-8");
  response.setHeader("Cache-Control", "no-cache, no-transform");
  response.setHeader("Connection", "keep-alive");
  response.setHeader("X-Accel-Buffering", "no");
  response.flushHeaders();
  // A first comment, so that a client sees the stream open before the first event.
  response.write(": open\n\n");

  const listeners: (() => void)[] = [];
  let ended = false;
  const keepAlive = setInterval(() => response.write(": keep-alive\n\n"), options.keepAliveMs ?? 15_000);
  keepAlive.unref();
  const finish = () => {
    if (ended) return;
    ended = true;
    clearInterval(keepAlive);
    delete (response as MarkedResponse)[endStream];
    for (const listener of listeners.splice(0)) listener();
  };
  // "close" comes when the client goes away and after the response ended, whoever ended it.
  response.once("close", finish);
  (response as MarkedResponse)[endStream] = () => response.end();

  return {
    send(event, data) {
      if (!ended && !response.writableEnded)
        response.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    },
    end() {
      if (!response.writableEnded) response.end();
      finish();
    },
    onEnd(listener) {
      if (ended) listener();
      else listeners.push(listener);
    },
    get ended() {
      return ended;
    },
  };
}

/** Ends `response` if it is an open event stream; true when it was one. Used by a closing server. */
export function endEventStream(response: ServerResponse): boolean {
  const end = (response as MarkedResponse)[endStream];
  end?.();
  return end !== undefined;
}

import type { BotEvent, Platform } from "@privnet/core";
import type { RequestHandler } from "express";

/** Where the admin router serves the stream. */
export const BOT_EVENTS_PATH = "/bots/events";

/** Comment lines keep proxies from closing an idle stream. */
const HEARTBEAT_MS = 15_000;

/**
 * `GET /bots/events`: the platform's `bot` events as server-sent events (`event: bot`, `data:` the
 * event as JSON), optionally only one bot's (`?bot=transfer`). Not a `defineRoute` route: it
 * answers a stream, not one JSON body.
 *
 * @example
 * router.get(BOT_EVENTS_PATH, streamBotEvents(platform));
 * // browser: new EventSource("/bots/events?bot=transfer").addEventListener("bot", (e) => JSON.parse(e.data));
 */
export function streamBotEvents(platform: Platform): RequestHandler {
  return (request, response) => {
    const only =
      typeof request.query.bot === "string" && request.query.bot !== "" ? request.query.bot : undefined;
    // Set one by one (not through writeHead) so that the server can see this is a stream and end
    // it when it closes.
    response.status(200);
    response.setHeader("Content-Type", "text/event-stream; charset=utf-8");
    response.setHeader("Cache-Control", "no-cache, no-transform");
    response.setHeader("Connection", "keep-alive");
    response.setHeader("X-Accel-Buffering", "no");
    response.flushHeaders();
    response.write(": privnet bot events\n\n");
    const listener = (event: BotEvent) => {
      if (only && event.bot !== only) return;
      response.write(`event: bot\ndata: ${JSON.stringify(event)}\n\n`);
    };
    platform.events.on("bot", listener);
    const heartbeat = setInterval(() => response.write(": keep-alive\n\n"), HEARTBEAT_MS);
    heartbeat.unref?.();
    request.on("close", () => {
      platform.events.off("bot", listener);
      clearInterval(heartbeat);
    });
  };
}

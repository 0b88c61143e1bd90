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
    response.writeHead(200, {
      "Content-Type": "text/event-stream; charset=utf-8",
      "Cache-Control": "no-cache, no-transform",
      Connection: "keep-alive",
      "X-Accel-Buffering": "no",
    });
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

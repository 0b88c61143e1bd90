import type { BotEvent } from "@privnet/core";
import { defineEventStream } from "@privnet/http";
import { z } from "zod";
import { toTransactionEntryBody } from "../../schemas/transactions.js";

/** Where the admin router serves the stream. */
export const BOT_EVENTS_PATH = "/bots/events";

/**
 * `GET /bots/events`: the platform's `bot` events as server-sent events (`event: bot`, `data:` the
 * event as JSON), optionally only one bot's (`?bot=transfer`).
 *
 * @example
 * // browser: new EventSource("/bots/events?bot=transfer").addEventListener("bot", (e) => JSON.parse(e.data));
 */
export const botEvents = defineEventStream({
  path: BOT_EVENTS_PATH,
  operationId: "streamBotEvents",
  summary: "Bot events as they happen",
  description:
    "Event types: `started`, `stopped`, `transaction` (the history entry, once pending and once final), `error`, `funded`, `deployed`.",
  tag: "bots",
  query: z.object({
    bot: z.string().optional().describe("Only this bot's events (empty: every bot's)."),
  }),
  events: "`bot`, data the bot event as JSON.",
  open({ platform, query, stream }) {
    const only = query.bot || undefined;
    const listener = (event: BotEvent) => {
      if (only !== undefined && event.bot !== only) return;
      // The wire carries the history entry as GET /transactions documents it (snake_case).
      const { transaction } = event;
      stream.send(
        "bot",
        transaction ? { ...event, transaction: toTransactionEntryBody(transaction) } : event,
      );
    };
    platform.events.on("bot", listener);
    return () => platform.events.off("bot", listener);
  },
});

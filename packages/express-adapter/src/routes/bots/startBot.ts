import { defineRoute } from "@privnet/http";
import { botName, botTransition, startBotBody } from "./botSchemas.js";

export const startBot = defineRoute({
  method: "post",
  path: "/bots/:name/start",
  operationId: "startBot",
  summary: "Start a bot, optionally overriding its config for this run",
  description:
    "No body (or `{}`) starts with the configured defaults. Starting a running bot changes nothing and says so (`changed: false`).",
  tag: "bots",
  params: botName,
  body: { schema: startBotBody, required: false },
  response: botTransition,
  errors: {
    400: "A field that does not apply to this bot, or a bad value (INVALID_BOT_CONFIG).",
    404: "No bot with that name (BOT_NOT_FOUND).",
    409: "The node lacks a fork the bot needs, e.g. blob before Cancun, set-code before Prague (BOT_UNSUPPORTED).",
  },
  async handler({ platform, params, body }) {
    const overrides = Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined));
    const transition = await platform.bots.start(params.name, overrides);
    return { ...(await platform.bots.get(params.name)), ...transition };
  },
});

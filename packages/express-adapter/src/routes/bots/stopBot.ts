import { defineRoute } from "@privnet/http";
import { botName, botTransition } from "./botSchemas.js";

export const stopBot = defineRoute({
  method: "post",
  path: "/bots/:name/stop",
  operationId: "stopBot",
  summary: "Stop a bot",
  description:
    "Its transactions already sent still settle and are counted. Stopping a stopped bot changes nothing and says so (`changed: false`).",
  tag: "bots",
  params: botName,
  response: botTransition,
  errors: {
    404: "No bot with that name (BOT_NOT_FOUND).",
  },
  async handler({ platform, params }) {
    const transition = await platform.bots.stop(params.name);
    return { ...(await platform.bots.get(params.name)), ...transition };
  },
});

import { z } from "zod";
import { defineRoute } from "../defineRoute.js";
import { botStatusEntry } from "./botSchemas.js";

export const getBotsStatus = defineRoute({
  method: "get",
  path: "/bots/status",
  operationId: "getBotsStatus",
  summary: "Every bot's status, config and stats",
  description: "`{ transfer: { status, address, config, stats }, erc20: …, nft: …, <custom>: … }`.",
  tag: "bots",
  response: z.record(z.string(), botStatusEntry),
  errors: { 401: "A token is configured and the request has none or a wrong one." },
  handler: ({ platform }) => platform.bots.status(),
});

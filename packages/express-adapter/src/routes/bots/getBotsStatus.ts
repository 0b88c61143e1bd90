import { defineRoute } from "@privnet/http";
import { z } from "zod";
import { botStatusEntry } from "./botSchemas.js";

export const getBotsStatus = defineRoute({
  method: "get",
  path: "/bots/status",
  operationId: "getBotsStatus",
  summary: "Every bot's status, config and stats",
  description: "`{ transfer: { status, address, contract, config, stats }, erc20: …, nft: …, <custom>: … }`.",
  tag: "bots",
  response: z.record(z.string(), botStatusEntry),
  errors: {},
  handler: ({ platform }) => platform.bots.status(),
});

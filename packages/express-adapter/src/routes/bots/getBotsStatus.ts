import { defineRoute } from "@privnet/http";
import { BUILTIN_SCENARIO_NAMES as BUILTIN_BOT_NAMES } from "@privnet/scenarios";
import { z } from "zod";
import { botStatusEntry } from "./botSchemas.js";

export const getBotsStatus = defineRoute({
  method: "get",
  path: "/bots/status",
  operationId: "getBotsStatus",
  summary: "Every bot's status, config and stats",
  // The built-in bots by name, the first spelt out: `{ transfer: { status, … }, erc20: …, nft: …, <custom>: … }`.
  description: `\`{ ${BUILTIN_BOT_NAMES.map((name, index) => (index === 0 ? `${name}: { status, address, contract, config, stats }` : `${name}: …`)).join(", ")}, <custom>: … }\`.`,
  tag: "bots",
  response: z.record(z.string(), botStatusEntry),
  errors: {},
  handler: ({ platform }) => platform.bots.status(),
});

import { defineRoute } from "@privnet/http";
import { z } from "zod";
import { toTransactionEntryBody } from "../../schemas/transactions.js";
import { botLogs, botName } from "./botSchemas.js";

export const getBotLogs = defineRoute({
  method: "get",
  path: "/bots/:name/logs",
  operationId: "getBotLogs",
  summary: "A bot's recent transactions and errors",
  description:
    "Transactions from the history (source = the bot's name), newest first; errors of this process, newest first.",
  tag: "bots",
  params: botName,
  query: z.object({
    limit: z.coerce.number().int().min(1).max(500).optional().describe("Most transactions. Default 50."),
  }),
  response: botLogs,
  errors: {
    404: "No bot with that name (BOT_NOT_FOUND).",
  },
  handler: async ({ platform, params, query }) => {
    const logs = await platform.bots.logs(params.name, { limit: query.limit });
    return { ...logs, transactions: logs.transactions.map(toTransactionEntryBody) };
  },
});

import { z } from "zod";
import { defineRoute } from "./defineRoute.js";

export const networkResponse = z
  .object({
    chainId: z.string().describe("Chain id, decimal: 3151908 on privnet."),
    blockNumber: z.string().describe("Latest block number, decimal."),
    gasPrice: z.string().describe("Gas price in wei, decimal."),
  })
  .meta({ id: "Network" });

export const network = defineRoute({
  method: "get",
  path: "/network",
  operationId: "getNetwork",
  summary: "Chain id, latest block and gas price",
  tag: "system",
  response: networkResponse,
  errors: {
    401: "A token is configured and the request has none or a wrong one.",
    503: "The chain does not answer.",
  },
  handler: ({ platform }) => platform.network.info(),
});

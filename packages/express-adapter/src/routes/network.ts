import { defineRoute } from "@privnet/http";
import { z } from "zod";

export const networkResponse = z
  .object({
    chainId: z.string().regex(/^\d+$/).describe('Chain id as decimal text: "3151908" on privnet.'),
    blockNumber: z.int().nonnegative().describe("Latest block number."),
    gasPrice: z
      .string()
      .regex(/^\d+$/)
      .describe("Gas price in wei, as decimal text (it can exceed what a JSON number holds exactly)."),
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
    503: "The chain does not answer.",
  },
  async handler({ platform }) {
    const { chainId, blockNumber, gasPrice } = await platform.network.info();
    return { chainId: String(chainId), blockNumber: Number(blockNumber), gasPrice: gasPrice.toString() };
  },
});

import { z } from "zod";
import { defineOracleRoute } from "./defineOracleRoute.js";
import { decimalPrice } from "./schemas.js";

export const updateResponse = z
  .object({
    success: z.literal(true),
    txHash: z.string().describe("The updatePrices transaction."),
    blockNumber: z.number().int(),
    timestamp: z.number().int().describe("Unix seconds of the block."),
    prices: z.record(z.string(), decimalPrice).describe("Symbol → price, as written."),
  })
  .meta({ id: "Update" });

export const update = defineOracleRoute({
  method: "post",
  path: "/update",
  operationId: "pushPrices",
  summary: "Draw new prices and push them now in one updatePrices transaction (frozen or not)",
  response: updateResponse,
  errors: { 503: "The chain does not answer, or every attempt of the push failed." },
  handler: async ({ platform }) => {
    const pushed = await platform.oracle.push();
    return {
      success: true as const,
      txHash: pushed.hash,
      blockNumber: Number(pushed.blockNumber),
      timestamp: pushed.timestamp,
      prices: pushed.prices,
    };
  },
});

import { z } from "zod";
import { defineOracleRoute } from "./defineOracleRoute.js";
import { address, decimalPrice } from "./schemas.js";

export const pricesResponse = z
  .object({
    success: z.literal(true),
    prices: z.record(
      z.string(),
      z.object({
        address,
        price: decimalPrice,
        lastUpdated: z.number().int().describe("Unix seconds of the last on-chain update; 0 if never."),
        lastUpdatedDate: z.string().nullable().describe("ISO 8601 UTC of the last update; null if never."),
        isStale: z.boolean().describe("Older than the token's heartbeat: the contract's getPrice reverts."),
      }),
    ),
  })
  .meta({ id: "Prices" });

export const prices = defineOracleRoute({
  method: "get",
  path: "/prices",
  operationId: "getPrices",
  summary: "Every token's price, read back from the PriceOracle contract",
  response: pricesResponse,
  errors: { 503: "The chain does not answer." },
  handler: async ({ platform }) => {
    const all = await platform.oracle.prices();
    return {
      success: true as const,
      prices: Object.fromEntries(
        all.map(({ symbol, address, price, lastUpdated, lastUpdatedDate, isStale }) => [
          symbol,
          { address, price, lastUpdated, lastUpdatedDate, isStale },
        ]),
      ),
    };
  },
});

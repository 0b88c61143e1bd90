import { PriceNotAvailableError } from "@privnet/core";
import { z } from "zod";
import { defineOracleRoute } from "./defineOracleRoute.js";
import { address, decimalPrice, symbolParams } from "./schemas.js";

export const priceResponse = z
  .object({
    success: z.literal(true),
    symbol: z.string(),
    address,
    price: decimalPrice,
    priceUSD: z.number().describe("The same price as a number (may round)."),
    lastUpdated: z.number().int().describe("Unix seconds of the last on-chain update."),
    lastUpdatedDate: z.string().describe("ISO 8601 UTC of the last update."),
    isStale: z.boolean(),
  })
  .meta({ id: "Price" });

export const price = defineOracleRoute({
  method: "get",
  path: "/price/:symbol",
  operationId: "getPrice",
  summary: "One token's price, read back from the contract",
  params: symbolParams,
  response: priceResponse,
  errors: {
    400: "The symbol is not 1 to 11 letters or digits.",
    404: "No token with this symbol, or it has no price on-chain yet.",
    503: "The chain does not answer.",
  },
  handler: async ({ platform, params }) => {
    const found = await platform.oracle.price(params.symbol);
    if (found.lastUpdatedDate === null) throw new PriceNotAvailableError(found.address, found.symbol);
    return {
      success: true as const,
      symbol: found.symbol,
      address: found.address,
      price: found.price,
      priceUSD: Number(found.price),
      lastUpdated: found.lastUpdated,
      lastUpdatedDate: found.lastUpdatedDate,
      isStale: found.isStale,
    };
  },
});

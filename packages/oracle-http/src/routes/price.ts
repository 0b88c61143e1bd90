import { PriceNotAvailableError } from "@privnet/core";
import { defineRoute } from "@privnet/http";
import { z } from "zod";
import { address, decimalPrice, isoTimestamp, symbolParams, unixSeconds } from "../schemas/fields.js";

export const priceResponse = z
  .object({
    success: z.literal(true),
    symbol: z.string(),
    address,
    price: decimalPrice,
    priceUSD: z.number().describe("The same price as a number (may round)."),
    lastUpdated: unixSeconds.describe("Unix seconds of the last on-chain update."),
    lastUpdatedDate: isoTimestamp.describe("The same instant as ISO 8601 UTC."),
    isStale: z.boolean(),
  })
  .meta({ id: "Price" });

export const price = defineRoute({
  method: "get",
  path: "/price/:symbol",
  operationId: "getPrice",
  summary: "One token's price, read back from the contract",
  tag: "prices",
  params: symbolParams,
  response: priceResponse,
  errors: {
    400: "The symbol is not 1 to 11 letters or digits (INVALID_SYMBOL).",
    404: "No token with this symbol (UNKNOWN_SYMBOL), or it has no price on-chain yet (PRICE_NOT_AVAILABLE).",
    503: "The chain does not answer (CHAIN_UNREACHABLE).",
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

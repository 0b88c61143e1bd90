import type { OnChainPrice } from "@privnet/core";
import { defineRoute } from "@privnet/http";
import { z } from "zod";
import { address, decimalPrice, isoTimestamp, unixSeconds } from "../schemas/fields.js";

export const priceEntry = z
  .object({
    address,
    price: decimalPrice.describe('USD, decimal string; "0" for a token never pushed.'),
    lastUpdated: unixSeconds.describe("Unix seconds of the last on-chain update; 0 if never."),
    lastUpdatedDate: isoTimestamp.describe(
      "The same instant as ISO 8601 UTC (1970-01-01T00:00:00.000Z for a token never pushed).",
    ),
    isStale: z.boolean().describe("Older than the token's heartbeat: the contract's getPrice reverts."),
  })
  .meta({ id: "PriceEntry" });

export const pricesResponse = z
  .object({ success: z.literal(true), prices: z.record(z.string(), priceEntry) })
  .meta({ id: "Prices" });

/** One on-chain price as the API writes it (the SDK's `lastUpdatedDate` is null for a token never pushed). */
export function toPriceEntry(info: OnChainPrice): z.input<typeof priceEntry> {
  return {
    address: info.address,
    price: info.price,
    lastUpdated: info.lastUpdated,
    lastUpdatedDate: info.lastUpdatedDate ?? new Date(info.lastUpdated * 1000).toISOString(),
    isStale: info.isStale,
  };
}

export const prices = defineRoute({
  method: "get",
  path: "/prices",
  operationId: "getPrices",
  summary: "Every token's price, read back from the PriceOracle contract",
  tag: "prices",
  response: pricesResponse,
  errors: { 503: "The chain does not answer (CHAIN_UNREACHABLE)." },
  handler: async ({ platform }) => ({
    success: true as const,
    prices: Object.fromEntries(
      (await platform.oracle.prices()).map((info) => [info.symbol, toPriceEntry(info)]),
    ),
  }),
});

import { defineRoute } from "@privnet/http";
import { z } from "zod";
import { decimalPrice, unixSeconds } from "../schemas/fields.js";

export const updateResponse = z
  .object({
    success: z.literal(true),
    txHash: z
      .string()
      .regex(/^0x[0-9a-f]{64}$/)
      .describe(
        "The updatePrices transaction that carried the request; requests that waited together share it.",
      ),
    blockNumber: z.int().nonnegative(),
    timestamp: unixSeconds.describe("Unix seconds of the block."),
    prices: z.record(z.string(), decimalPrice).describe("Symbol → price, as written."),
  })
  .meta({ id: "Update" });

export const update = defineRoute({
  method: "post",
  path: "/update",
  operationId: "pushPrices",
  summary: "Draw new prices and push them now in one updatePrices transaction (frozen or not)",
  description:
    "Takes no body: none, an empty one or `{}`. Answered once the push that carried the request is mined; requests that arrive while a push is in flight wait for the next one and share it.",
  tag: "prices",
  response: updateResponse,
  errors: {
    400: "A body with fields (this route takes none), or malformed JSON.",
    503: "The chain does not answer, or every attempt of the push failed (ORACLE_PUSH_FAILED).",
  },
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

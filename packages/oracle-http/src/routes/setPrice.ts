import { defineRoute } from "@privnet/http";
import { z } from "zod";
import { address, addressInput, decimalPrice, priceInput, symbolInput } from "../schemas/fields.js";

export const setPriceBody = z
  .strictObject({
    symbol: symbolInput.describe("Existing or new symbol (1 to 11 letters or digits)."),
    price: priceInput,
    address: addressInput,
  })
  .meta({ id: "SetPriceRequest" });

export const setPriceResponse = z
  .object({
    success: z.literal(true),
    symbol: z.string(),
    address,
    price: decimalPrice.describe(
      "The stored price, read from the transaction's PriceUpdated event: a later request's for the symbol when that one replaced it in the same push.",
    ),
    priceUSD: z.number(),
    txHash: z
      .string()
      .regex(/^0x[0-9a-f]{64}$/)
      .describe("The push that carried the request; requests that waited together share it."),
    blockNumber: z.int().nonnegative(),
  })
  .meta({ id: "SetPrice" });

export const setPrice = defineRoute({
  method: "post",
  path: "/set-price",
  operationId: "setPrice",
  summary: "Write one price on-chain now (it becomes the token's base); a new symbol is added",
  description:
    "Answered once the push that carried the price is mined. Requests that arrive while a push is in flight wait for the next one and share it; for each symbol it carries the price taken last.",
  tag: "prices",
  body: { schema: setPriceBody, required: true },
  response: setPriceResponse,
  errors: {
    400: "Bad symbol (INVALID_SYMBOL), price (INVALID_PRICE: zero, negative, not a number, too many decimals) or address (INVALID_ADDRESS); no body, a missing field or an unknown one (VALIDATION_FAILED); malformed JSON.",
    503: "The chain does not answer, or every attempt of the push failed (ORACLE_PUSH_FAILED).",
  },
  handler: async ({ platform, body }) => {
    const stored = await platform.oracle.setPrice(body.symbol, body.price, body.address ?? undefined);
    return {
      success: true as const,
      symbol: stored.symbol,
      address: stored.address,
      price: stored.price,
      priceUSD: Number(stored.price),
      txHash: stored.hash,
      blockNumber: Number(stored.blockNumber),
    };
  },
});

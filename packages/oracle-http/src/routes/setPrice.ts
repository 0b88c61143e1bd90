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
    price: decimalPrice.describe("The stored price, read from the transaction's PriceUpdated event."),
    priceUSD: z.number(),
    txHash: z.string().regex(/^0x[0-9a-f]{64}$/),
    blockNumber: z.int().nonnegative(),
  })
  .meta({ id: "SetPrice" });

export const setPrice = defineRoute({
  method: "post",
  path: "/set-price",
  operationId: "setPrice",
  summary: "Write one price on-chain now (it becomes the token's base); a new symbol is added",
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

import { z } from "zod";
import { defineOracleRoute } from "./defineOracleRoute.js";
import { address, decimalPrice } from "./schemas.js";

export const setPriceBody = z
  .object({
    symbol: z.string().describe("Existing or new symbol (1 to 11 letters or digits)."),
    price: z
      .union([z.string(), z.number()])
      .describe('Positive USD price, at most 18 decimals: "2500.5" or 2500.5.'),
    address: z
      .string()
      .optional()
      .describe("Price key of a new symbol. Default: keccak256('privnet:oracle:' + SYMBOL), last 20 bytes."),
  })
  .meta({ id: "SetPriceRequest" });

export const setPriceResponse = z
  .object({
    success: z.literal(true),
    symbol: z.string(),
    address,
    price: decimalPrice.describe("The stored price, read from the transaction's PriceUpdated event."),
    priceUSD: z.number(),
    txHash: z.string(),
    blockNumber: z.number().int(),
  })
  .meta({ id: "SetPrice" });

export const setPrice = defineOracleRoute({
  method: "post",
  path: "/set-price",
  operationId: "setPrice",
  summary: "Write one price on-chain now (it becomes the token's base); a new symbol is added",
  body: setPriceBody,
  response: setPriceResponse,
  errors: {
    400: "Bad symbol, price (zero, negative, not a number, too many decimals) or address; malformed JSON.",
    413: "The body is too large.",
    503: "The chain does not answer, or every attempt of the push failed.",
  },
  handler: async ({ platform, body }) => {
    const stored = await platform.oracle.setPrice(body.symbol, body.price, body.address);
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

import { z } from "zod";

export const address = z.string().describe("Checksummed address (ETH: 0xEeee…EEeE).");
export const decimalPrice = z.string().describe('USD, decimal string, e.g. "1999.87".');
export const symbolParams = z.object({
  symbol: z
    .string()
    .describe('Token symbol, case-insensitive: "ETH", "PRIV", "USDC", "DAI", or one added by set-price.'),
});

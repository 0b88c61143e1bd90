import { z } from "zod";
import { addressOutput, ethOutput, isoTimestamp } from "./fields.js";

export const transactionEntry = z
  .object({
    id: z.int().positive(),
    tx_hash: z.string().regex(/^0x[0-9a-f]{64}$/),
    from_address: addressOutput,
    to_address: addressOutput,
    amount: ethOutput,
    status: z.enum(["pending", "confirmed", "failed"]),
    block_number: z.int().nonnegative().nullable().describe("Null until the transaction is in a block."),
    created_at: isoTimestamp,
  })
  .meta({ id: "TransactionEntry" });

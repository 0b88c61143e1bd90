import { z } from "zod";
import { addressOutput } from "./fields.js";

/** Where a reverted transaction reverted in the source (`ChainTransactionDetails.revertLocation`). */
export const revertLocation = z
  .object({
    file: z.string().describe('The source file as the build names it ("contracts/Token.sol").'),
    line: z.number().int().positive().describe("From 1."),
    column: z.number().int().positive().describe("From 1, in bytes."),
    text: z.string().describe("The line's text, trimmed."),
    callPath: z
      .array(
        z.object({
          name: z.string().describe('"Vault.withdraw" where the ABI is known, else a label or the address.'),
          address: addressOutput.nullable(),
          file: z.string().nullable(),
          line: z
            .number()
            .int()
            .positive()
            .nullable()
            .describe(
              "The call it made into the next frame, or (last) the revert; null without an artifact.",
            ),
        }),
      )
      .describe("The calls from the transaction's target down to the contract that reverted."),
  })
  .meta({ id: "RevertLocation" })
  .describe(
    "Where it reverted, from the reverting contract's build artifact (source map and sources); null when that contract has none, or the node gives no steps.",
  );

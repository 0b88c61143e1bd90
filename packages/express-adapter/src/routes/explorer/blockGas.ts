import { defineRoute } from "@privnet/http";
import { z } from "zod";

const gas = (what: string) => z.string().regex(/^\d+$/).describe(`${what}, decimal.`);

export const listBlockGas = defineRoute({
  method: "get",
  path: "/chain/block-gas",
  operationId: "listBlockGas",
  summary: "The newest blocks' gas used, by bot",
  description:
    "From the explorer's index, oldest first: each block's gas used and limit, and the gas each bot's transactions used (its own key and its wallet pool), the rest as `other`. What fills the blocks, in one read.",
  tag: "explorer",
  query: z.object({
    blocks: z
      .string()
      .regex(/^([1-9]|[1-9]\d|1[01]\d|120)$/, { error: "must be an integer from 1 to 120" })
      .transform(Number)
      .optional()
      .describe("How many of the newest indexed blocks, 1 to 120. Default 30."),
  }),
  response: z
    .object({
      blocks: z.array(
        z
          .object({
            number: z.number().int(),
            timestamp: z.number().int().describe("Unix seconds."),
            transactionCount: z.number().int(),
            gasUsed: gas("Gas used"),
            gasLimit: gas("Gas limit"),
            bots: z
              .record(z.string(), gas("Gas used"))
              .describe(
                "Gas used by each bot's transactions, by bot name; bots that used none are left out.",
              ),
            other: gas("Gas used by every other sender (the API, the oracle, outside users)"),
          })
          .meta({ id: "BlockGas" }),
      ),
    })
    .meta({ id: "BlockGasList" }),
  errors: {
    400: "`blocks` is malformed (VALIDATION_FAILED).",
    503: "The chain or the database does not answer, or the explorer is off (EXPLORER_UNAVAILABLE).",
  },
  async handler({ platform, query }) {
    const { blocks } = await platform.explorer.blockGas({ blocks: query.blocks ?? 30 });
    return {
      blocks: blocks.map((block) => ({
        number: Number(block.number),
        timestamp: block.timestamp,
        transactionCount: block.transactionCount,
        gasUsed: block.gasUsed.toString(),
        gasLimit: block.gasLimit.toString(),
        bots: Object.fromEntries(Object.entries(block.bots).map(([bot, used]) => [bot, used.toString()])),
        other: block.other.toString(),
      })),
    };
  },
});

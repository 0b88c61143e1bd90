import { defineRoute } from "@privnet/http";
import { z } from "zod";
import {
  chainBlock,
  chainTransaction,
  nextCursor,
  pageQuery,
  toBlockBody,
  toTransactionBody,
} from "../../schemas/explorer.js";

export const listChainBlocks = defineRoute({
  method: "get",
  path: "/chain/blocks",
  operationId: "listChainBlocks",
  summary: "The chain's blocks, newest first, from the explorer's index",
  description:
    "Every block the index holds (it follows the head; retention keeps the newest), paged by cursor, with the chain's head and the highest indexed block.",
  tag: "explorer",
  query: pageQuery,
  response: z
    .object({
      blocks: z.array(chainBlock),
      head: z.number().int().describe("The chain's head."),
      indexedTo: z.number().int().describe("The highest indexed block; -1 while nothing is indexed."),
      nextCursor,
    })
    .meta({ id: "ChainBlocks" }),
  errors: {
    400: "`limit` or `cursor` is malformed (VALIDATION_FAILED, INVALID_QUERY).",
    503: "The chain or the database does not answer, or the explorer is off (EXPLORER_UNAVAILABLE).",
  },
  async handler({ platform, query }) {
    const page = await platform.explorer.blocks({ limit: query.limit ?? 25, cursor: query.cursor });
    return {
      blocks: page.blocks.map(toBlockBody),
      head: Number(page.head),
      indexedTo: Number(page.indexedTo),
      nextCursor: page.nextCursor,
    };
  },
});

export const getChainBlock = defineRoute({
  method: "get",
  path: "/chain/blocks/:numberOrHash",
  operationId: "getChainBlock",
  summary: "A block with its transactions, decoded",
  description:
    "By number or hash: from the index, or read from the node when the index does not hold it. Each transaction decoded and labelled.",
  tag: "explorer",
  params: z.object({
    numberOrHash: z
      .string()
      .regex(/^(0|[1-9]\d{0,14}|0x[0-9a-fA-F]{64})$/, {
        error: "must be a block number (decimal, without leading zeros) or a 32-byte block hash",
      })
      .describe(
        "A block number, decimal in its one canonical form (no sign, spaces or leading zeros: `01` is refused), or a block hash.",
      ),
  }),
  response: z
    .object({ block: chainBlock, transactions: z.array(chainTransaction) })
    .meta({ id: "ChainBlockDetails" }),
  errors: {
    400: "Neither a block number in its canonical form nor a block hash (VALIDATION_FAILED).",
    404: "No such block (BLOCK_NOT_FOUND).",
    503: "The chain or the database does not answer, or the explorer is off (EXPLORER_UNAVAILABLE).",
  },
  async handler({ platform, params }) {
    const key = params.numberOrHash.startsWith("0x")
      ? (params.numberOrHash as `0x${string}`)
      : BigInt(params.numberOrHash);
    const { block, transactions } = await platform.explorer.block(key);
    return { block: toBlockBody(block), transactions: transactions.map(toTransactionBody) };
  },
});

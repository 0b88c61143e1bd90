import { defineRoute } from "@privnet/http";
import { formatEther } from "viem";
import { z } from "zod";
import { chainTransaction, toTransactionBody } from "../../schemas/explorer.js";
import { addressOutput } from "../../schemas/fields.js";
import { chainTransactionDetails, toTransactionDetailsBody } from "../../schemas/transactionDetails.js";

export const getChainTransaction = defineRoute({
  method: "get",
  path: "/chain/transactions/:hash",
  operationId: "getChainTransaction",
  summary: "Any transaction of the chain, decoded, with its logs, revert reason and call trace",
  description:
    "Sent by privnet or not. The call and the logs are decoded where an ABI is known (platform, bot and registered contracts, the ERC-20/721/1155 standards); a reverted transaction carries its reason string or decoded custom error; `trace` is the node's callTracer trace (`debug_traceTransaction`), null when the node has none. A transaction the node holds but has not mined answers with status `pending`.",
  tag: "explorer",
  params: z.object({
    hash: z
      .string()
      .regex(/^0x[0-9a-fA-F]{64}$/, { error: "must be a transaction hash (0x and 64 hex digits)" })
      .describe("The transaction hash."),
  }),
  response: chainTransactionDetails,
  errors: {
    400: "Not a transaction hash.",
    404: "Neither the node nor the index knows it (TRANSACTION_NOT_FOUND).",
    503: "The chain or the database does not answer, or the explorer is off (EXPLORER_UNAVAILABLE).",
  },
  async handler({ platform, params }) {
    return toTransactionDetailsBody(await platform.explorer.transaction(params.hash as `0x${string}`));
  },
});

export const getChainAddress = defineRoute({
  method: "get",
  path: "/chain/addresses/:address",
  operationId: "getChainAddress",
  summary: "Any address: label, balance, code, token balances and its transactions",
  description:
    "Not only stored wallets: any address, with its label, ETH balance, whether it holds code (and which known contract it is), its balances of the tokens it moved and of the platform's and bots' tokens, and its transactions from the index (sent, received, created, token movements), newest first, paged by cursor.",
  tag: "explorer",
  params: z.object({
    address: z
      .string()
      .regex(/^0x[0-9a-fA-F]{40}$/, { error: "must be an address (0x and 40 hex digits)" })
      .describe("Any address."),
  }),
  query: z.object({
    limit: z
      .string()
      .regex(/^([1-9]|[1-9]\d|100)$/, { error: "must be an integer from 1 to 100" })
      .transform(Number)
      .optional()
      .describe("Transactions per page, 1 to 100. Default 25."),
    cursor: z.string().max(64).optional().describe("Opaque: the `nextCursor` of the previous page."),
  }),
  response: z
    .object({
      address: addressOutput,
      label: z.object({ name: z.string(), source: z.string() }).nullable(),
      balance: z.string().regex(/^\d+$/).describe("Wei."),
      formattedBalance: z.string().describe("Decimal ETH."),
      isContract: z.boolean(),
      contract: z
        .object({ name: z.string(), source: z.enum(["platform", "bot", "user", "artifact", "standard"]) })
        .nullable()
        .describe("The known contract at this address, if any."),
      tokenBalances: z.array(
        z.object({
          token: addressOutput,
          tokenLabel: z.object({ name: z.string(), source: z.string() }).nullable(),
          symbol: z.string().nullable(),
          decimals: z.number().int().nullable(),
          standard: z.enum(["erc20", "erc721", "erc1155"]),
          balance: z.string().regex(/^\d+$/).describe("Raw units."),
        }),
      ),
      transactions: z.array(chainTransaction),
      nextCursor: z.string().nullable(),
    })
    .meta({ id: "ChainAddress" }),
  errors: {
    400: "Not an address (INVALID_ADDRESS), or a malformed `limit` or `cursor` (VALIDATION_FAILED, INVALID_QUERY).",
    503: "The chain or the database does not answer, or the explorer is off (EXPLORER_UNAVAILABLE).",
  },
  async handler({ platform, params, query }) {
    const details = await platform.explorer.address(params.address, {
      limit: query.limit ?? 25,
      cursor: query.cursor,
    });
    return {
      ...details,
      balance: details.balance.toString(),
      formattedBalance: formatEther(details.balance),
      tokenBalances: details.tokenBalances.map((token) => ({ ...token, balance: token.balance.toString() })),
      transactions: details.transactions.map(toTransactionBody),
    };
  },
});

export const searchChain = defineRoute({
  method: "get",
  path: "/chain/search",
  operationId: "searchChain",
  summary: "Find a transaction, a block or an address",
  description:
    "`q` is a transaction or block hash, a block number, an address, or part of a label (any case).",
  tag: "explorer",
  query: z.object({
    q: z
      .string()
      .min(1, { error: "must not be empty" })
      .max(200, { error: "must be at most 200 characters" })
      .describe("What to look for."),
  }),
  response: z
    .object({
      results: z.array(
        z.object({
          type: z.enum(["transaction", "block", "address"]),
          value: z.string().describe("The hash, the block number (decimal) or the address."),
          label: z.string().nullable(),
        }),
      ),
    })
    .meta({ id: "ChainSearch" }),
  errors: {
    400: "`q` is missing, empty or longer than 200 characters.",
    503: "The chain or the database does not answer, or the explorer is off (EXPLORER_UNAVAILABLE).",
  },
  async handler({ platform, query }) {
    return { results: await platform.explorer.search(query.q) };
  },
});

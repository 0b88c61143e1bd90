import { defineRoute } from "@privnet/http";
import { z } from "zod";
import { addressOutput } from "../schemas/fields.js";

const abi = z
  .array(z.record(z.string(), z.unknown()))
  .describe("The contract's ABI (JSON), as viem, ethers and cast take it.");

export const platformContract = z
  .object({
    name: z
      .string()
      .describe(
        'What it is: "PriceOracle", "LendingPool", the platform token\'s symbol ("PRIV"), "USDC", "DAI", "DevNFT", or a price feed ("ETH / USD").',
      ),
    contract: z
      .enum(["PriceOracle", "LendingPool", "TestToken", "DevNFT", "PriceFeedAdapter"])
      .describe("The Solidity contract; its ABI also ships as @privnet/core/abi/<contract>.json."),
    address: addressOutput,
    blockNumber: z.number().int().describe("The block that included its deployment."),
    abi,
  })
  .meta({ id: "PlatformContract" });

export const botContract = z
  .object({
    name: z
      .string()
      .describe('What it is: "BOT" (the erc20 bot\'s token), "DevNFT" (the nft bot\'s collection).'),
    contract: z.string().describe("The Solidity contract."),
    address: addressOutput,
    blockNumber: z
      .number()
      .int()
      .nullable()
      .describe("The block that included its deployment; null when it was deployed by an older privnet."),
    abi,
  })
  .meta({ id: "BotContract" });

export const contractsResponse = z
  .object({
    contracts: z
      .array(platformContract)
      .describe(
        "Every platform contract, in deployment order; empty while they are not deployed on this chain (a stack started with contract deployment off, or after a chain reset until they are deployed again).",
      ),
    bots: z
      .record(z.string(), botContract.nullable())
      .describe("The contract of each bot that has one, by bot name; null until the bot deployed it."),
    registered: z
      .array(
        z.object({
          name: z.string(),
          address: addressOutput,
          abi,
          source: z.literal("user"),
          createdAt: z.string().describe("ISO 8601 UTC with milliseconds."),
        }),
      )
      .describe(
        "The contracts users registered (POST /contracts), oldest first; empty while the explorer is off.",
      ),
  })
  .meta({ id: "Contracts" });

export const contracts = defineRoute({
  method: "get",
  path: "/contracts",
  operationId: "getContracts",
  summary: "Every deployed contract: name, address, deployment block and ABI",
  description:
    "The platform's contracts (PriceOracle, LendingPool, tokens, DevNFT, price feeds) and the bots' (the erc20 bot's token, the nft bot's collection, the scenarios' contracts; null until deployed), each with its ABI, for viem, ethers or cast. Only contracts the chain has code for; deploys nothing. The list is whole, not paged: it takes no query parameters, and any given (`?limit=…`) are ignored, as on every route that takes none; the paged lists (`/chain/…`) refuse a `limit` not written as a plain integer from 1 to 100.",
  tag: "system",
  response: contractsResponse,
  errors: { 503: "The chain does not answer." },
  async handler({ platform }) {
    const [deployed, bots, registered] = await Promise.all([
      platform.contracts.list(),
      platform.bots.contracts(),
      platform.contracts.registered().catch((error: unknown) => {
        // A platform without the explorer has none; any other failure is this answer's too.
        if ((error as { code?: string }).code === "EXPLORER_UNAVAILABLE") return [];
        throw error;
      }),
    ]);
    return {
      contracts: deployed.map((contract) => ({
        ...contract,
        blockNumber: Number(contract.blockNumber),
        abi: [...contract.abi],
      })),
      bots: Object.fromEntries(
        Object.entries(bots).map(([bot, contract]) => [
          bot,
          contract && {
            ...contract,
            blockNumber: contract.blockNumber === null ? null : Number(contract.blockNumber),
            abi: [...contract.abi],
          },
        ]),
      ),
      registered: registered.map((contract) => ({
        ...contract,
        abi: [...contract.abi] as Record<string, unknown>[],
        source: "user" as const,
      })),
    };
  },
});

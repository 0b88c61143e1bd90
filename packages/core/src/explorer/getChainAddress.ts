import { type Address, erc20Abi, erc721Abi } from "viem";
import type { TokenStandard } from "../storage/ExplorerStore.js";
import { decodeTransactionCursor, encodeTransactionCursor } from "./chainCursor.js";
import { describeTransactions } from "./describeTransactions.js";
import type { ExplorerContext } from "./ExplorerContext.js";
import type { ChainAddressDetails, ChainTokenBalance } from "./ExplorerShapes.js";

export type GetChainAddressParameters = { limit?: number | undefined; cursor?: string | undefined };

/**
 * Any address as the explorer knows it: label, balance, whether it holds code (and which contract
 * it is, when known), its balances of the tokens it moved and of the platform's and bots' tokens,
 * and its transactions from the index (in, out, created, token movements), newest first.
 */
export async function getChainAddress(
  ctx: ExplorerContext,
  address: Address,
  params: GetChainAddressParameters = {},
): Promise<ChainAddressDetails> {
  const limit = params.limit ?? 25;
  const before = decodeTransactionCursor(params.cursor);
  const [label, balance, code, contract, moved, known, transactions] = await Promise.all([
    ctx.labels.labeller(),
    ctx.reader.getBalance({ address }),
    ctx.reader.getCode({ address }),
    ctx.registry.lookup(address),
    ctx.store.tokensOf(address),
    ctx.registry.all(),
    ctx.store.listTransactions({ limit, before, address }),
  ]);
  // The tokens it moved, and every ERC-20 the platform or a bot runs (a balance without a transfer
  // in the index: minted before it started, say).
  const tokens = new Map<string, { token: Address; standard: TokenStandard; always: boolean }>();
  for (const token of moved) tokens.set(token.token.toLowerCase(), { ...token, always: true });
  for (const [key, known_] of known) {
    if (tokens.has(key) || known_.source === "user") continue;
    const isToken = known_.abi.some((item) => item.type === "function" && item.name === "decimals");
    if (isToken) tokens.set(key, { token: known_.address, standard: "erc20", always: false });
  }
  const balances = await Promise.all(
    [...tokens.values()]
      .filter((token) => token.standard !== "erc1155")
      .map(async (token): Promise<ChainTokenBalance | undefined> => {
        const [info, held] = await Promise.all([
          ctx.tokens.info(token.token, token.standard),
          ctx.reader
            .readContract({
              address: token.token,
              abi: token.standard === "erc721" ? erc721Abi : erc20Abi,
              functionName: "balanceOf",
              args: [address],
            })
            .catch(() => null),
        ]);
        if (held === null || (!token.always && held === 0n)) return undefined;
        return {
          token: token.token,
          tokenLabel: label(token.token),
          symbol: info.symbol,
          decimals: info.decimals,
          standard: token.standard,
          balance: held,
        };
      }),
  );
  const last = transactions[transactions.length - 1];
  return {
    address,
    label: label(address),
    balance,
    isContract: code !== undefined && code !== "0x",
    contract: contract ? { name: contract.name, source: contract.source } : null,
    tokenBalances: balances.filter((entry) => entry !== undefined),
    transactions: await describeTransactions(ctx, transactions),
    nextCursor: last && transactions.length === limit ? encodeTransactionCursor(last) : null,
  };
}

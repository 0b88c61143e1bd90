import { type Address, formatEther, formatUnits, isAddressEqual } from "viem";
import type { IndexedTransaction } from "../storage/ExplorerStore.js";
import type { ExplorerContext } from "./ExplorerContext.js";
import type { AddressLabel, ChainTokenTransfer, ChainTransaction, DecodedCall } from "./ExplorerShapes.js";

/**
 * Indexed transactions as the explorer shows them: every address labelled, the call decoded, the
 * token transfers with their symbol and decimals, a one-line summary, and whether privnet sent it.
 * One read of the label table, the registry and the history for the whole page.
 *
 * @example
 * const [shown] = await describeTransactions(ctx, [indexed]);
 * shown.summary; // "transfer 12.5 PRIV → Alice"
 */
export async function describeTransactions(
  ctx: ExplorerContext,
  transactions: readonly IndexedTransaction[],
): Promise<ChainTransaction[]> {
  if (transactions.length === 0) return [];
  const [label, recorded] = await Promise.all([
    ctx.labels.labeller(),
    ctx.store.recorded(transactions.map((transaction) => transaction.hash)),
  ]);
  const sent = new Set(recorded.map((hash) => hash.toLowerCase()));
  return Promise.all(
    transactions.map(async (transaction) => {
      const hint = transaction.tokenTransfers.find(
        (transfer) => transaction.to != null && isAddressEqual(transfer.token, transaction.to),
      )?.standard;
      const [method, tokenTransfers] = await Promise.all([
        ctx.registry.decodeCall(transaction.to, transaction.input, hint),
        Promise.all(
          transaction.tokenTransfers.map(async (transfer): Promise<ChainTokenTransfer> => {
            const info = await ctx.tokens.info(transfer.token, transfer.standard);
            return {
              standard: transfer.standard,
              token: transfer.token,
              tokenLabel: label(transfer.token),
              symbol: info.symbol,
              decimals: info.decimals,
              from: transfer.from,
              fromLabel: label(transfer.from),
              to: transfer.to,
              toLabel: label(transfer.to),
              amount: transfer.amount,
              tokenId: transfer.tokenId,
              logIndex: transfer.logIndex,
            };
          }),
        ),
      ]);
      const shown: Omit<ChainTransaction, "summary"> = {
        hash: transaction.hash,
        blockNumber: transaction.blockNumber,
        blockHash: transaction.blockHash,
        index: transaction.index,
        timestamp: transaction.timestamp,
        from: transaction.from,
        fromLabel: label(transaction.from),
        to: transaction.to,
        toLabel: label(transaction.to),
        value: transaction.value,
        kind: transaction.kind,
        selector: transaction.selector,
        status: transaction.status,
        gasUsed: transaction.gasUsed,
        effectiveGasPrice: transaction.effectiveGasPrice,
        fee: transaction.gasUsed * transaction.effectiveGasPrice,
        contractAddress: transaction.contractAddress,
        contractAddressLabel: label(transaction.contractAddress),
        method,
        tokenTransfers,
        sentByPrivnet: sent.has(transaction.hash.toLowerCase()),
      };
      return { ...shown, summary: summarize(shown) };
    }),
  );
}

/**
 * One line that says what a transaction did: a deployment names what it deployed, an ETH transfer
 * its amount and recipient, a token transfer (the call moved exactly one token, from the sender)
 * its amount, symbol and recipient, any other decoded call `Contract.function`, with the length of
 * its first array argument ("PriceOracle.updatePrices (4 tokens)").
 *
 * @example
 * summarize(transaction); // "1.5 ETH → Bob"
 */
export function summarize(transaction: Omit<ChainTransaction, "summary">): string {
  const name = (address: Address | null, label: AddressLabel | null) =>
    label?.name ?? (address ? shortAddress(address) : "nobody");
  const failed = transaction.status === "reverted" ? " (reverted)" : "";
  if (transaction.kind === "deploy") {
    return `deploy ${transaction.contractAddressLabel?.name ?? (transaction.contractAddress ? `contract ${shortAddress(transaction.contractAddress)}` : "contract")}${failed}`;
  }
  if (transaction.method === null && transaction.selector === null) {
    return `${formatEther(transaction.value)} ETH → ${name(transaction.to, transaction.toLabel)}${failed}`;
  }
  const own = transaction.tokenTransfers.filter((transfer) =>
    isAddressEqual(transfer.from, transaction.from),
  );
  const moved = own.length === 1 && transaction.tokenTransfers.length === 1 ? own[0] : undefined;
  if (moved && transaction.method && /^(safe)?transfer(from)?$/i.test(transaction.method.name)) {
    return `transfer ${tokenAmount(moved)} → ${name(moved.to, moved.toLabel)}${failed}`;
  }
  if (transaction.method) return `${methodLine(transaction.method)}${failed}`;
  return `call ${transaction.selector} on ${name(transaction.to, transaction.toLabel)}${failed}`;
}

function methodLine(method: DecodedCall) {
  const list = method.args.find((arg) => Array.isArray(arg.value));
  const count = list ? ` (${(list.value as unknown[]).length} ${list.name})` : "";
  return `${method.contract}.${method.name}${count}`;
}

function tokenAmount(transfer: ChainTokenTransfer) {
  const symbol = transfer.symbol ?? shortAddress(transfer.token);
  if (transfer.standard === "erc721") return `${symbol} #${transfer.tokenId}`;
  const amount =
    transfer.decimals === null ? transfer.amount.toString() : formatUnits(transfer.amount, transfer.decimals);
  return transfer.standard === "erc1155"
    ? `${amount} × ${symbol} #${transfer.tokenId}`
    : `${amount} ${symbol}`;
}

/** `0x2F4E…FCB4`. */
export function shortAddress(address: Address): string {
  return `${address.slice(0, 6)}…${address.slice(-4)}`;
}

import type { Address, Hex } from "viem";
import { size, slice } from "viem";
import type { TransactionRecord } from "../storage/StorageAdapter.js";

/**
 * The kind and selector a record gets, from what is signed: no recipient deploys, data of at least
 * 4 bytes calls the function those bytes select, anything else transfers ETH (data shorter than a
 * selector reaches a contract's fallback, a transfer as far as the history can tell).
 */
export function transactionKind(transaction: {
  to: Address | undefined;
  data?: Hex | undefined;
}): Pick<TransactionRecord, "kind" | "selector"> {
  if (transaction.to === undefined) return { kind: "deploy", selector: null };
  const data = transaction.data;
  if (data !== undefined && size(data) >= 4) return { kind: "call", selector: slice(data, 0, 4) };
  return { kind: "transfer", selector: null };
}

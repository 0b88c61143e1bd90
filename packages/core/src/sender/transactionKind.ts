import type { Address, Hex } from "viem";
import { size, slice } from "viem";
import type { TransactionRecord } from "../storage/StorageAdapter.js";

/**
 * The kind and selector a record gets, from what is signed: a blob transaction (type 3) is a
 * `blob`, a set-code one (type 4) a `set-code`; otherwise no recipient deploys, data of at least 4
 * bytes calls the function those bytes select, anything else transfers ETH (data shorter than a
 * selector reaches a contract's fallback, a transfer as far as the history can tell). A blob or
 * set-code transaction that calls a function keeps its selector too.
 */
export function transactionKind(transaction: {
  to: Address | undefined;
  data?: Hex | undefined;
  blobs?: unknown;
  authorizationList?: readonly unknown[] | undefined;
}): Pick<TransactionRecord, "kind" | "selector"> {
  const data = transaction.data;
  const selector =
    transaction.to !== undefined && data !== undefined && size(data) >= 4 ? slice(data, 0, 4) : null;
  if (transaction.blobs !== undefined) return { kind: "blob", selector };
  if (transaction.authorizationList !== undefined) return { kind: "set-code", selector };
  if (transaction.to === undefined) return { kind: "deploy", selector: null };
  if (selector !== null) return { kind: "call", selector };
  return { kind: "transfer", selector: null };
}

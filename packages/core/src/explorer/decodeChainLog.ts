import { type Address, getAddress, type Hex } from "viem";
import type { ExplorerContext } from "./ExplorerContext.js";
import type { AddressLabel, ChainLog } from "./ExplorerShapes.js";

/** A log as a receipt or a call trace carries it. */
export type LogToDecode = {
  address: Address;
  topics: readonly Hex[];
  data: Hex;
  logIndex: number | bigint | Hex;
};

/**
 * A log as the explorer shows it — a mined transaction's or a simulated call's alike: decoded with
 * the emitting contract's ABI (first: a contract matched by its code is labelled once it is
 * matched), then labelled.
 *
 * @example
 * const logs = await Promise.all(receipt.logs.map((log) => decodeChainLog(ctx, log, label)));
 */
export async function decodeChainLog(
  ctx: ExplorerContext,
  log: LogToDecode,
  label: (address: Address | null) => AddressLabel | null,
): Promise<ChainLog> {
  const event = await ctx.registry.decodeEvent(log.address, log.topics, log.data);
  return {
    index: Number(log.logIndex),
    address: getAddress(log.address),
    addressLabel: label(log.address),
    topics: [...log.topics],
    data: log.data,
    event,
  };
}

import type { Address, Hex } from "viem";
import type { ExplorerContext } from "../ExplorerContext.js";
import type { AddressLabel, CallFrame, ChainLog, ChainTransaction } from "../ExplorerShapes.js";
import { decodeSlotValue } from "./decodeSlotValue.js";
import { nameStorageSlots, type SlotPart } from "./nameStorageSlots.js";
import type { AccountDiff } from "./readStateDiff.js";
import type { ChainStateChanges, ChainStorageChange, ChainTokenBalanceChange } from "./StateChangeShapes.js";
import { readStorageLayout, type StorageLayout } from "./StorageLayout.js";
import { storageFrames } from "./storageFrames.js";
import { transactionWords } from "./transactionWords.js";

export type DescribeStateChangesParameters = {
  diff: AccountDiff[];
  transaction: ChainTransaction;
  logs: readonly ChainLog[];
  trace: CallFrame | null;
  label: (address: Address | null) => AddressLabel | null;
};

/**
 * What a mined transaction changed: ETH balances (from the node's state diff), token balances
 * (from its decoded transfers) and storage slots, each named by variable where the contract's
 * artifact has a storage layout and tied to the call frames that ran with that storage.
 *
 * @example
 * const changes = await describeStateChanges(ctx, { diff, transaction, logs, trace, label });
 */
export async function describeStateChanges(
  ctx: ExplorerContext,
  params: DescribeStateChangesParameters,
): Promise<ChainStateChanges> {
  const { diff, transaction, label } = params;
  const balances = diff
    .filter((account) => account.balance.before !== account.balance.after)
    .map((account) => ({
      address: account.address,
      label: label(account.address),
      before: account.balance.before,
      after: account.balance.after,
      delta: account.balance.after - account.balance.before,
    }));
  const keys = transactionWords(params);
  const frames = storageFrames(params.trace);
  const storage = (
    await Promise.all(
      diff
        .filter((account) => account.storage.size > 0)
        .map((account) =>
          storageChanges(ctx, account, keys, frames.get(account.address.toLowerCase()) ?? [], label),
        ),
    )
  ).flat();
  return { balances, tokens: tokenChanges(transaction, label), storage };
}

async function storageChanges(
  ctx: ExplorerContext,
  account: AccountDiff,
  keys: readonly bigint[],
  frames: number[][],
  label: DescribeStateChangesParameters["label"],
): Promise<ChainStorageChange[]> {
  const [known, layout] = await Promise.all([
    ctx.registry.lookup(account.address).catch(() => undefined),
    layoutAt(ctx, account.address),
  ]);
  const slots = [...account.storage.keys()];
  const named = layout ? nameSlots(layout, slots.map(BigInt), keys) : new Map<bigint, SlotPart[]>();
  return slots.sort().map((slot) => {
    const { before, after } = account.storage.get(slot) as { before: Hex; after: Hex };
    const parts = named.get(BigInt(slot)) ?? [];
    const variables = parts
      .map((part) => ({
        name: part.name,
        type: part.type.label,
        before: decodeSlotValue(before, part),
        after: decodeSlotValue(after, part),
      }))
      // In a packed slot, only the variables whose bytes changed.
      .filter((variable, _, all) => all.length === 1 || variable.before !== variable.after);
    return {
      address: account.address,
      addressLabel: label(account.address),
      contract: known?.name ?? null,
      slot,
      before,
      after,
      variables,
      frames,
    };
  });
}

/** Small integers, tried as keys for the slots the transaction's own words leave unnamed (loop indexes, counters). */
const SMALL_INTEGERS = Array.from({ length: 256 }, (_, integer) => BigInt(integer));

/**
 * The slots named with the transaction's words as keys first; only when some stay unnamed, again
 * with the small integers added (each try is a keccak hash, ~256 more per mapping keyed by a number).
 */
function nameSlots(layout: StorageLayout, slots: bigint[], keys: readonly bigint[]) {
  const named = nameStorageSlots(layout, slots, keys);
  const unnamed = slots.filter((slot) => !named.has(slot));
  if (unnamed.length === 0) return named;
  const more = nameStorageSlots(layout, unnamed, [...new Set([...keys, ...SMALL_INTEGERS])]);
  return new Map([...named, ...more]);
}

/**
 * The storage layout of the artifact the address's code matches (a proxy's: its implementation's),
 * else, for privnet's own contracts (the platform's, the bots'), the one in its bindings.
 */
export async function layoutAt(ctx: ExplorerContext, address: Address): Promise<StorageLayout | undefined> {
  try {
    const known = await ctx.artifacts.lookup(address);
    if (known) {
      const code = await ctx.reader.getCode({ address: known.proxy?.implementation ?? address });
      const artifact = code ? ctx.artifacts.matchCode(code) : undefined;
      const layout = artifact ? readStorageLayout(artifact.storageLayout) : undefined;
      if (layout) return layout;
    }
    return readStorageLayout(await ctx.registry.storageLayout(address));
  } catch {
    return undefined;
  }
}

/** Each holder's net change of each token (and token id), from the transfers; the zero address (mint, burn) left out. */
function tokenChanges(
  transaction: ChainTransaction,
  label: DescribeStateChangesParameters["label"],
): ChainTokenBalanceChange[] {
  const changes = new Map<string, ChainTokenBalanceChange>();
  const add = (transfer: ChainTransaction["tokenTransfers"][number], holder: Address, delta: bigint) => {
    if (BigInt(holder) === 0n) return;
    const key = `${transfer.token}:${holder}:${transfer.tokenId ?? ""}`.toLowerCase();
    const change = changes.get(key) ?? {
      standard: transfer.standard,
      token: transfer.token,
      tokenLabel: transfer.tokenLabel,
      symbol: transfer.symbol,
      decimals: transfer.decimals,
      holder,
      holderLabel: label(holder),
      tokenId: transfer.tokenId,
      delta: 0n,
    };
    change.delta += delta;
    changes.set(key, change);
  };
  for (const transfer of transaction.tokenTransfers) {
    add(transfer, transfer.from, -transfer.amount);
    add(transfer, transfer.to, transfer.amount);
  }
  return [...changes.values()].filter((change) => change.delta !== 0n);
}

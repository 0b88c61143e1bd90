import type { Address, Hash, Hex } from "viem";
import type { StateOverrides } from "../../chain/nodeClient.js";
import { traceStateDiff } from "../../chain/traceTransaction.js";
import { InvalidSimulationError } from "../../errors/explorer.js";
import type { ExplorerContext } from "../ExplorerContext.js";
import type { ChainTransactionDetails } from "../ExplorerShapes.js";
import { getChainTransaction } from "../getChainTransaction.js";
import { toAccountDiffs } from "../stateChanges/index.js";
import { prepareCalls, prepareOverrides } from "./prepareSimulation.js";
import type { AccountOverride, SimulatedCall, SimulationCall } from "./SimulationShapes.js";
import { applyDiff, traceBundle } from "./traceBundle.js";

/** What to change of a mined transaction when it runs again; what is left out stays as it was. */
export type RerunChanges = Omit<Partial<SimulationCall>, "to" | "from"> & {
  /** Another sender (no key needed). */
  from?: Address | string | undefined;
  overrides?: Record<string, AccountOverride> | undefined;
};

/** One storage variable (or raw slot) whose value after the transaction differs between the two runs. */
export type RerunStorageDifference = {
  address: Address;
  slot: Hex;
  /** The variable's name where the layout names it; null for a raw slot. */
  name: string | null;
  /** The value the original left (decoded where named); null where the original did not change it. */
  original: string | null;
  rerun: string | null;
};

/** `platform.explorer.rerun(hash, changes)`: the original beside the re-run, and what differs. */
export type RerunResult = {
  original: ChainTransactionDetails;
  rerun: SimulatedCall;
  changed: {
    status: boolean;
    revertReason: boolean;
    /** The return data differs (a revert has none). */
    returnData: boolean;
    gasUsed: boolean;
    storage: RerunStorageDifference[];
  };
};

type RawTransaction = {
  from: Address;
  to: Address | null;
  input: Hex;
  value: Hex;
  gas: Hex;
  blockNumber: Hex | null;
  transactionIndex: Hex | null;
};

/**
 * Runs a mined transaction again with changes (other arguments or data, another sender, value or
 * gas, state overrides) where it ran: on its parent block's state with the block's earlier
 * transactions applied (their state diffs laid over it as overrides), with its block's number and
 * time. Answers the original's explanation beside the re-run's, and what differs (status, revert,
 * return data, gas, the storage each left). Nothing on the chain changes. Fails with
 * `TRANSACTION_NOT_FOUND`, or `INVALID_SIMULATION` for a pending transaction or bad changes.
 *
 * @example
 * const { original, rerun, changed } = await rerunTransaction(ctx, hash, { args: [borrower, usdc, "100", eth] }); // the same function
 */
export async function rerunTransaction(
  ctx: ExplorerContext,
  hash: Hash,
  changes: RerunChanges,
): Promise<RerunResult> {
  const original = await getChainTransaction(ctx, hash);
  const raw = (await ctx.reader.request({
    method: "eth_getTransactionByHash",
    params: [hash],
  })) as RawTransaction | null;
  if (!raw?.blockNumber || raw.transactionIndex === null || original.transaction.status === "pending") {
    throw new InvalidSimulationError(`Transaction ${hash} is not mined yet: only a mined one can run again.`);
  }
  const blockNumber = BigInt(raw.blockNumber);
  const block = await ctx.reader.getBlock({ blockNumber });
  const earlier = block.transactions.slice(0, Number(raw.transactionIndex));
  const diffs = await Promise.all(earlier.map((earlierHash) => traceStateDiff(ctx.reader, earlierHash)));
  let overrides: StateOverrides = {};
  for (const diff of diffs) overrides = applyDiff(overrides, toAccountDiffs(diff) ?? []);
  const parent = blockNumber - 1n;
  // Arguments alone go to the function the original called.
  const fn =
    changes.function ??
    (changes.args !== undefined && changes.data === undefined
      ? original.transaction.method?.signature
      : undefined);
  if (changes.args !== undefined && fn === undefined && changes.data === undefined) {
    throw new InvalidSimulationError(
      "args need a function: the original call is not decoded (give function, or data).",
    );
  }
  const reshaped = fn !== undefined || changes.data !== undefined;
  const [calls, own, label] = await Promise.all([
    prepareCalls(ctx, [
      {
        from: changes.from ?? raw.from,
        to: raw.to,
        ...(reshaped
          ? { data: changes.data, function: fn, args: changes.args, abi: changes.abi }
          : { data: raw.input }),
        value: changes.value ?? BigInt(raw.value),
        gas: changes.gas ?? BigInt(raw.gas),
      },
    ]),
    prepareOverrides(ctx, changes.overrides, parent),
    ctx.labels.labeller(),
  ]);
  const [rerun] = await traceBundle(ctx, {
    calls,
    blockNumber: parent,
    run: { number: blockNumber, time: Number(block.timestamp) },
    overrides: layOver(overrides, own),
    label,
  });
  const result = rerun as SimulatedCall;
  return {
    original,
    rerun: result,
    changed: {
      status: original.transaction.status !== result.transaction.status,
      revertReason: original.revertReason !== result.revertReason,
      returnData:
        (original.transaction.status === "success" ? (original.trace?.output ?? "0x") : null) !==
        result.returnData,
      gasUsed: original.transaction.gasUsed !== result.transaction.gasUsed,
      storage: storageDifferences(original, result),
    },
  };
}

/** `top` laid over `base`, account by account (a slot `top` sets wins). */
function layOver(base: StateOverrides, top: StateOverrides): StateOverrides {
  const merged: StateOverrides = { ...base };
  for (const [address, account] of Object.entries(top) as [Address, StateOverrides[Address]][]) {
    const below = merged[address] ?? {};
    merged[address] = {
      ...below,
      ...account,
      ...(below.stateDiff || account.stateDiff
        ? { stateDiff: { ...below.stateDiff, ...account.stateDiff } }
        : {}),
    };
  }
  return merged;
}

function storageDifferences(
  original: ChainTransactionDetails,
  rerun: SimulatedCall,
): RerunStorageDifference[] {
  type Side = Map<string, { address: Address; slot: Hex; name: string | null; value: string }>;
  const read = (changes: ChainTransactionDetails["stateChanges"]): Side => {
    const side: Side = new Map();
    for (const change of changes?.storage ?? []) {
      if (change.variables.length === 0) {
        side.set(`${change.address}:${change.slot}`, {
          address: change.address,
          slot: change.slot,
          name: null,
          value: change.after,
        });
      }
      for (const variable of change.variables) {
        side.set(`${change.address}:${change.slot}:${variable.name}`, {
          address: change.address,
          slot: change.slot,
          name: variable.name,
          value: variable.after,
        });
      }
    }
    return side;
  };
  const before = read(original.stateChanges);
  const after = read(rerun.stateChanges);
  const differences: RerunStorageDifference[] = [];
  for (const key of new Set([...before.keys(), ...after.keys()])) {
    const one = before.get(key);
    const two = after.get(key);
    if (one?.value === two?.value) continue;
    const where = (one ?? two) as NonNullable<typeof one>;
    differences.push({
      address: where.address,
      slot: where.slot,
      name: where.name,
      original: one?.value ?? null,
      rerun: two?.value ?? null,
    });
  }
  return differences;
}

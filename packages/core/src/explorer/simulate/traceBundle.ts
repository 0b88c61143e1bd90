import { type Address, BaseError, getAddress, type Hex, RpcRequestError, toHex } from "viem";
import type { BlockOverrides, StateOverrides } from "../../chain/nodeClient.js";
import { traceCallStateDiff, traceCallTree } from "../../chain/traceTransaction.js";
import { InvalidSimulationError } from "../../errors/explorer.js";
import type { ExplorerContext } from "../ExplorerContext.js";
import type { AddressLabel } from "../ExplorerShapes.js";
import { type AccountDiff, toAccountDiffs } from "../stateChanges/index.js";
import { explainSimulatedCall, type TracedCall } from "./explainSimulatedCall.js";
import type { PreparedCall } from "./prepareSimulation.js";
import type { SimulatedCall } from "./SimulationShapes.js";

export type TraceBundleParameters = {
  calls: readonly PreparedCall[];
  /** The block whose state the first call starts from. */
  blockNumber: bigint;
  /** The number and time every call runs with. */
  run: { number: bigint; time: number };
  overrides: StateOverrides;
  label: (address: Address | null) => AddressLabel | null;
};

/**
 * Traces the calls one after another on block `blockNumber`'s state, each seeing what the ones
 * before it changed, and explains each. Nothing is sent: each call is two `debug_traceCall`s (the
 * callTracer with logs, the prestateTracer's diff, in one round trip), and the accounts the call
 * changed (the diff's `post` side) become state overrides of the next — the chain's state is
 * never written. The explanations are made once every call is traced, side by side.
 *
 * @example
 * const calls = await traceBundle(ctx, { calls: prepared, blockNumber, run, overrides, label });
 */
export async function traceBundle(
  ctx: ExplorerContext,
  params: TraceBundleParameters,
): Promise<SimulatedCall[]> {
  const blockOverrides: BlockOverrides = { number: toHex(params.run.number), time: toHex(params.run.time) };
  let overrides = params.overrides;
  const traced: TracedCall[] = [];
  for (const [index, call] of params.calls.entries()) {
    const options = { stateOverrides: overrides, blockOverrides };
    const [tree, diff] = await Promise.all([
      traceCallTree(ctx.reader, call.request, params.blockNumber, options),
      traceCallStateDiff(ctx.reader, call.request, params.blockNumber, options),
    ]).catch((error: unknown) => {
      throw refused(error, index, params.blockNumber);
    });
    const accounts = toAccountDiffs(diff);
    traced.push({
      index,
      request: call.request,
      abi: call.abi,
      tree,
      diff: accounts,
      blockNumber: params.blockNumber,
      run: params.run,
      overrides: options,
      label: params.label,
    });
    // A reverted call changed nothing but its sender's nonce, which a bundle of calls ignores.
    if (accounts && tree.error === undefined) overrides = applyDiff(overrides, accounts);
  }
  return Promise.all(traced.map((call) => explainSimulatedCall(ctx, call)));
}

/**
 * The node's refusal to trace (it answered with a JSON-RPC error: no `debug_traceCall`, a block
 * whose state it no longer keeps, overrides it cannot apply) as `INVALID_SIMULATION` with its
 * words; anything else (the node did not answer) as it was.
 */
function refused(error: unknown, index: number, blockNumber: bigint): unknown {
  const answer = error instanceof BaseError ? error.walk((inner) => inner instanceof RpcRequestError) : null;
  if (!(answer instanceof RpcRequestError)) return error;
  return new InvalidSimulationError(
    `calls[${index}]: the node could not trace it on block ${blockNumber}'s state: ${answer.details || answer.shortMessage}`,
    { cause: error },
  );
}

/**
 * `overrides` with what a call changed laid over them: each changed account's balance, nonce and
 * code after the call, and its changed slots' new values (the other slots keep theirs).
 *
 * @example
 * const next = applyDiff(overrides, toAccountDiffs(diff) ?? []);
 */
export function applyDiff(overrides: StateOverrides, diff: readonly AccountDiff[]): StateOverrides {
  const next: StateOverrides = { ...overrides };
  for (const account of diff) {
    const address = getAddress(account.address);
    const previous = next[address] ?? {};
    const stateDiff: Record<Hex, Hex> = { ...(previous.stateDiff ?? {}) };
    for (const [slot, { after }] of account.storage) stateDiff[slot] = after;
    next[address] = {
      ...previous,
      balance: toHex(account.balance.after),
      nonce: toHex(account.nonce.after),
      ...(account.code !== "0x" ? { code: account.code } : {}),
      ...(Object.keys(stateDiff).length > 0 ? { stateDiff } : {}),
    };
  }
  return next;
}

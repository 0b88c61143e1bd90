import { type Abi, type Address, getAddress, type Hex, zeroHash } from "viem";
import type { CallTracerFrame, TraceCallOverrides, TraceCallRequest } from "../../chain/nodeClient.js";
import { decodeConsoleLogs } from "../consoleLogs/decodeConsoleLogs.js";
import { decodeCallFrame } from "../decodeCallFrame.js";
import { decodeChainLog } from "../decodeChainLog.js";
import { decodeResult, decodeRevert } from "../decodeWithAbi.js";
import { describeTransactions } from "../describeTransactions.js";
import type { ExplorerContext } from "../ExplorerContext.js";
import type { AddressLabel, ChainTransaction } from "../ExplorerShapes.js";
import { kindOf } from "../readChainBlocks.js";
import { locateSimulatedRevert } from "../revertLocation/locateRevert.js";
import { type AccountDiff, describeStateChanges } from "../stateChanges/index.js";
import { type RawLog, tokenTransfers } from "../tokenTransfers.js";
import type { SimulatedCall } from "./SimulationShapes.js";

/** One call as it was traced: the request, the tracers' answers, and the state it ran on. */
export type TracedCall = {
  index: number;
  request: TraceCallRequest;
  /** An ABI the caller gave for the target, tried before the registry's. */
  abi: Abi | undefined;
  tree: CallTracerFrame;
  diff: AccountDiff[] | null;
  blockNumber: bigint;
  run: { number: bigint; time: number };
  overrides: TraceCallOverrides;
  label: (address: Address | null) => AddressLabel | null;
};

/**
 * A traced call explained the way `getChainTransaction` explains a mined one: the call decoded,
 * logs (the frames' that did not revert, in the order they ran) decoded with token transfers,
 * return value or revert reason and its source line, the call tree, console.log lines and the
 * state changes by variable.
 *
 * @example
 * const explained = await explainSimulatedCall(ctx, traced);
 */
export async function explainSimulatedCall(ctx: ExplorerContext, traced: TracedCall): Promise<SimulatedCall> {
  const { tree, request, label } = traced;
  const rawLogs = collectLogs(tree);
  const failed = tree.error !== undefined;
  const to = request.to ? getAddress(request.to) : null;
  const { kind, selector } = kindOf({ to, input: request.data });
  const contractAddress = to === null && !failed && tree.to ? getAddress(tree.to) : null;
  const [trace, logs, own, errors] = await Promise.all([
    decodeCallFrame(ctx, tree, label),
    Promise.all(rawLogs.map((log) => decodeChainLog(ctx, log, label))),
    to ? ctx.registry.lookup(to).catch(() => undefined) : Promise.resolve(undefined),
    failed ? ctx.registry.errors() : Promise.resolve([]),
  ]);
  const [described] = await describeTransactions(ctx, [
    {
      hash: zeroHash,
      blockNumber: traced.run.number,
      blockHash: zeroHash,
      index: traced.index,
      timestamp: traced.run.time,
      from: getAddress(request.from),
      to,
      value: BigInt(request.value),
      nonce: 0,
      kind,
      selector,
      input: selector === null ? null : request.data,
      status: failed ? "reverted" : "success",
      gasUsed: BigInt(tree.gasUsed ?? "0x0"),
      effectiveGasPrice: 0n,
      contractAddress,
      tokenTransfers: failed ? [] : tokenTransfers(rawLogs),
    },
  ]);
  const transaction = described as ChainTransaction;
  const abi = [...(traced.abi ?? []), ...(own?.abi ?? [])] as Abi;
  const output = tree.output ?? "0x";
  const diff = traced.diff;
  const [stateChanges, revertLocation] = await Promise.all([
    diff ? describeStateChanges(ctx, { diff, transaction, logs, trace, label }) : Promise.resolve(null),
    failed
      ? locateSimulatedRevert(ctx, {
          trace,
          blockNumber: traced.blockNumber,
          call: request,
          overrides: traced.overrides,
        }).catch(() => null)
      : Promise.resolve(null),
  ]);
  const { hash, blockHash, effectiveGasPrice, fee, sentByPrivnet, ...kept } = transaction;
  const shown = { ...kept, index: traced.index, timestamp: traced.run.time };
  const sender = diff?.find((account) => account.address === shown.from);
  return {
    transaction: shown,
    returnData: failed || to === null ? null : output,
    returned: failed || to === null ? null : decodeResult(abi, request.data, output),
    logs,
    revertReason: failed
      ? (decodeRevert([...abi, ...errors] as Abi, output === "0x" ? undefined : output) ??
        (tree.error === "execution reverted" ? null : (tree.error ?? null)))
      : null,
    trace,
    revertLocation,
    consoleLogs: decodeConsoleLogs(trace),
    nonce: sender?.nonce.before ?? 0,
    gasLimit: request.gas === undefined ? 0n : BigInt(request.gas),
    input: request.data,
    stateChanges,
  };
}

/**
 * The logs of the frames that did not revert, in the order they ran: a frame's log at `position`
 * p came after its first p calls. Numbered from 0 across the call.
 */
function collectLogs(top: CallTracerFrame): RawLog[] {
  const logs: RawLog[] = [];
  const visit = (frame: CallTracerFrame) => {
    if (frame.error !== undefined) return;
    const own = frame.logs ?? [];
    const calls = frame.calls ?? [];
    const emit = (position: number) => {
      for (const log of own) {
        if (Number(log.position ?? 0) !== position) continue;
        logs.push({
          address: log.address,
          topics: log.topics ?? [],
          data: log.data ?? "0x",
          logIndex: `0x${logs.length.toString(16)}` as Hex,
        });
      }
    };
    calls.forEach((call, index) => {
      emit(index);
      visit(call);
    });
    emit(calls.length);
  };
  visit(top);
  return logs;
}

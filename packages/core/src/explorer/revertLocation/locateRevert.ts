import type { Address, Hash, Hex } from "viem";
import type { TraceCallOverrides, TraceCallRequest } from "../../chain/nodeClient.js";
import { traceCallSteps, traceSteps } from "../../chain/traceTransaction.js";
import type { ContractArtifact } from "../artifacts/parseArtifactFiles.js";
import type { ExplorerContext } from "../ExplorerContext.js";
import type { CallFrame, RevertFrame, RevertLocation } from "../ExplorerShapes.js";
import {
  decodeSourceMap,
  instructionIndexes,
  positionOf,
  type SourceMapEntry,
  type SourcePosition,
} from "./sourceMap.js";

/** The reverted transaction as the node has it: enough to replay it. */
export type LocateRevertParameters = {
  hash: Hash;
  /** The call trace (callTracer), decoded. */
  trace: CallFrame;
  blockNumber: bigint;
  gasUsed: bigint;
  call: { from: Address; to: Address | null; input: Hex; value: Hex; gas: Hex };
};

/** One step of the struct logger, with memory, stack and storage left out. */
type Step = { pc: number; op: string; depth: number };

/**
 * Where a reverted transaction reverted in the source. The calls that passed the same revert data
 * up (Solidity's default for a failed call) are followed down from the trace's top to the one
 * that started it; when that contract's code matches an artifact with a source map and sources,
 * the program counters of the struct logger (`debug_traceTransaction`, memory, stack and storage
 * off) give its revert's line and each caller's call site. Nothing is asked of the node otherwise.
 * Null when the reverting contract has no such artifact or the node gives no steps.
 *
 * @example
 * await locateRevert(ctx, { hash, trace, blockNumber, gasUsed, call });
 * // { file: "contracts/Token.sol", line: 12, text: "require(…)", callPath: [{ name: "Vault.withdraw", … }, …] }
 */
export async function locateRevert(
  ctx: ExplorerContext,
  params: LocateRevertParameters,
): Promise<RevertLocation | null> {
  return locateWithSteps(ctx, params.trace, () => readSteps(ctx, params));
}

/** A call simulated with `debug_traceCall` (see `simulate`): replayed the same way to read its steps. */
export type LocateSimulatedRevertParameters = {
  trace: CallFrame;
  blockNumber: bigint;
  call: TraceCallRequest;
  overrides: TraceCallOverrides;
};

/**
 * Where a simulated call reverted in the source: as {@link locateRevert}, with the struct logger's
 * steps of the same `debug_traceCall` (same block, same overrides).
 *
 * @example
 * await locateSimulatedRevert(ctx, { trace, blockNumber, call, overrides });
 */
export async function locateSimulatedRevert(
  ctx: ExplorerContext,
  params: LocateSimulatedRevertParameters,
): Promise<RevertLocation | null> {
  return locateWithSteps(ctx, params.trace, async () => {
    const traced = await traceCallSteps(ctx.reader, params.call, params.blockNumber, params.overrides).catch(
      () => null,
    );
    return traced?.failed === true && traced.structLogs?.length ? traced.structLogs : undefined;
  });
}

async function locateWithSteps(
  ctx: ExplorerContext,
  trace: CallFrame,
  read: () => Promise<Step[] | undefined>,
): Promise<RevertLocation | null> {
  const path = revertPath(trace);
  const artifacts = await Promise.all(path.map((frame) => artifactOf(ctx, frame)));
  if (!artifacts.at(-1)) return null;
  const steps = await read();
  if (!steps) return null;

  // Depth d + 1 is path[d]; the last step at the innermost depth is the revert, and the last step
  // at each depth above before it is that frame's call into the next.
  const ends: number[] = [];
  let at = steps.length;
  for (let depth = path.length; depth >= 1; depth--) {
    do at--;
    while (at >= 0 && (steps[at] as Step).depth !== depth);
    if (at < 0) return null;
    ends.unshift(at);
  }
  const positions = path.map((_, index) => {
    const artifact = artifacts[index];
    const end = ends[index];
    return artifact && end !== undefined ? locate(artifact, steps, end, index + 1) : undefined;
  });
  const revert = positions.at(-1);
  if (!revert) return null;
  const callPath: RevertFrame[] = path.map((frame, index) => ({
    name: frameName(frame),
    address: frame.to,
    file: positions[index]?.file ?? null,
    line: positions[index]?.line ?? null,
  }));
  return { file: revert.file, line: revert.line, column: revert.column, text: revert.text, callPath };
}

/** The frames from the top down to the one whose revert data every frame above passed up. */
function revertPath(top: CallFrame): CallFrame[] {
  const path = [top];
  let frame = top;
  for (;;) {
    const { output } = frame;
    // A revert with no data has no output in some traces and `0x` in others.
    const child = frame.calls.findLast(
      (call) => call.error !== null && (call.output ?? "0x") === (output ?? "0x"),
    );
    if (!child) return path;
    path.push(child);
    frame = child;
  }
}

function frameName(frame: CallFrame): string {
  if (frame.method) return `${frame.method.contract}.${frame.method.name}`;
  return frame.toLabel?.name ?? frame.to ?? frame.type;
}

/** The artifact of the code a frame ran, when it has a source map and some source text. */
async function artifactOf(ctx: ExplorerContext, frame: CallFrame): Promise<ContractArtifact | undefined> {
  // A creation runs init code, which the deployed code's source map does not describe.
  if (!frame.to || frame.type === "CREATE" || frame.type === "CREATE2") return undefined;
  const code = await ctx.reader.getCode({ address: frame.to }).catch(() => undefined);
  if (!code || code === "0x") return undefined;
  const artifact = ctx.artifacts.matchCode(code);
  if (!artifact?.deployedSourceMap || !artifact.sources.some((source) => source.content !== null)) {
    return undefined;
  }
  return artifact;
}

/**
 * The struct logger's steps of the transaction. anvil keeps a mined transaction's steps only when
 * started with `--steps-tracing`; without them the call is replayed with `debug_traceCall` on the
 * block before, and its steps are used only if the replay failed the same way (same gas used, same
 * revert data), which an earlier transaction of the same block could otherwise change.
 */
async function readSteps(ctx: ExplorerContext, params: LocateRevertParameters): Promise<Step[] | undefined> {
  const traced = await traceSteps(ctx.reader, params.hash).catch(() => null);
  if (traced?.structLogs && traced.structLogs.length > 0) return traced.structLogs;
  const { from, to, input, value, gas } = params.call;
  const replayed = await traceCallSteps(
    ctx.reader,
    { from, ...(to ? { to } : {}), data: input, value, gas },
    params.blockNumber > 0n ? params.blockNumber - 1n : 0n,
  ).catch(() => null);
  if (!replayed?.structLogs || replayed.structLogs.length === 0 || replayed.failed !== true) return undefined;
  const expected = (params.trace.output ?? "0x").replace(/^0x/, "").toLowerCase();
  const returned = (replayed.returnValue ?? "").replace(/^0x/, "").toLowerCase();
  if (BigInt(replayed.gas ?? -1) !== params.gasUsed || returned !== expected) return undefined;
  return replayed.structLogs;
}

type Located = SourcePosition & { file: string };

/**
 * The source position of step `at` in the artifact's code (a step of the frame at `depth`). A step
 * the compiler generated (no source, or one the build has no text for) is placed at the frame's
 * last step before it that has one. The optimizer shares one revert tail between statements and
 * maps it to one of them: a tail the frame jumped into is placed at the step that jumped.
 */
function locate(artifact: ContractArtifact, steps: Step[], at: number, depth: number): Located | undefined {
  const entries = decodeSourceMap(artifact.deployedSourceMap ?? "");
  const indexes = instructionIndexes(artifact.deployedBytecode);
  const entryOf = (step: Step) => {
    const instruction = indexes[step.pc];
    return instruction === undefined || instruction < 0 ? undefined : entries[instruction];
  };
  const known = (entry: SourceMapEntry | undefined) => {
    const source = entry && artifact.sources.find((candidate) => candidate.id === entry.source);
    return entry && source?.content ? { entry, source } : undefined;
  };
  // The frame's steps from `at` back to where the frame began, calls it made left out.
  const own: Step[] = [];
  for (let index = at; index >= 0; index--) {
    const step = steps[index] as Step;
    if (step.depth < depth) break;
    if (step.depth === depth) own.push(step);
  }
  let index = own.findIndex((step) => known(entryOf(step)));
  const found = known(entryOf(own[index] as Step));
  if (!found) return undefined;
  let chosen = found;
  const same = (entry: SourceMapEntry | undefined) =>
    entry?.start === found.entry.start &&
    entry.length === found.entry.length &&
    entry.source === found.entry.source;
  while (index + 1 < own.length && same(entryOf(own[index + 1] as Step))) index++;
  if (own[index + 1]?.op === "JUMP") {
    const jumper = own.slice(index + 1).find((step) => known(entryOf(step)));
    const before = jumper && known(entryOf(jumper));
    if (before) chosen = before;
  }
  const position = positionOf(chosen.source.content as string, chosen.entry.start);
  return position && { ...position, file: chosen.source.name };
}

import { type Hash, type Hex, toHex } from "viem";
import type {
  CallTracerFrame,
  NodeClient,
  PrestateDiff,
  StructLogTrace,
  TraceCallOverrides,
  TraceCallRequest,
} from "./nodeClient.js";

/** The struct logger with nothing but each step's program counter, opcode and depth. */
const STEPS_ONLY = {
  disableStorage: true,
  disableMemory: true,
  disableStack: true,
  enableReturnData: false,
} as const;

/**
 * The calls a mined transaction made (`debug_traceTransaction` with the callTracer). Rejects when
 * the node has no debug namespace (see `NodeClient.lacks`) or the trace failed.
 *
 * @example
 * const { from, to, calls } = await traceCalls(client, hash);
 */
export async function traceCalls(client: NodeClient, hash: Hash): Promise<CallTracerFrame> {
  const answer = await client.request({
    method: "debug_traceTransaction",
    params: [hash, { tracer: "callTracer" }],
  });
  return answer as CallTracerFrame;
}

/**
 * The accounts a mined transaction changed (`debug_traceTransaction` with the prestateTracer in
 * diff mode).
 *
 * @example
 * const { pre, post } = await traceStateDiff(client, hash);
 */
export async function traceStateDiff(client: NodeClient, hash: Hash): Promise<PrestateDiff> {
  const answer = await client.request({
    method: "debug_traceTransaction",
    params: [hash, { tracer: "prestateTracer", tracerConfig: { diffMode: true } }],
  });
  return answer as PrestateDiff;
}

/**
 * The struct logger's steps of a mined transaction (memory, stack and storage left out). anvil
 * keeps them only when started with `--steps-tracing`: an empty list otherwise.
 *
 * @example
 * const { structLogs } = await traceSteps(client, hash);
 */
export async function traceSteps(client: NodeClient, hash: Hash): Promise<StructLogTrace> {
  const answer = await client.request({ method: "debug_traceTransaction", params: [hash, STEPS_ONLY] });
  return answer as StructLogTrace;
}

/**
 * The struct logger's steps of `call` replayed on top of block `blockNumber` (`debug_traceCall`).
 *
 * @example
 * const { failed, structLogs } = await traceCallSteps(client, { from, to, data, value, gas }, 99n);
 */
export async function traceCallSteps(
  client: NodeClient,
  call: TraceCallRequest,
  blockNumber: bigint,
  overrides: TraceCallOverrides = {},
): Promise<StructLogTrace> {
  const block: Hex = toHex(blockNumber);
  const answer = await client.request({
    method: "debug_traceCall",
    params: [call, block, { ...STEPS_ONLY, ...overrides }],
  });
  return answer as StructLogTrace;
}

/**
 * The calls (with each frame's logs) that `call` would make on top of block `blockNumber`, with
 * `overrides` applied (`debug_traceCall` with the callTracer). Nothing is sent: no key, no nonce,
 * no fee (the gas price is zero).
 *
 * @example
 * const { output, error, logs, calls } = await traceCallTree(client, { from, to, data, value: "0x0" }, 99n, { stateOverrides });
 */
export async function traceCallTree(
  client: NodeClient,
  call: TraceCallRequest,
  blockNumber: bigint,
  overrides: TraceCallOverrides = {},
): Promise<CallTracerFrame> {
  const answer = await client.request({
    method: "debug_traceCall",
    params: [
      call,
      toHex(blockNumber),
      { tracer: "callTracer", tracerConfig: { withLog: true }, ...overrides },
    ],
  });
  return answer as CallTracerFrame;
}

/**
 * The accounts `call` would change on top of block `blockNumber` with `overrides` applied
 * (`debug_traceCall` with the prestateTracer in diff mode; `pre` shows the overridden values).
 *
 * @example
 * const { pre, post } = await traceCallStateDiff(client, { from, to, data, value: "0x0" }, 99n);
 */
export async function traceCallStateDiff(
  client: NodeClient,
  call: TraceCallRequest,
  blockNumber: bigint,
  overrides: TraceCallOverrides = {},
): Promise<PrestateDiff> {
  const answer = await client.request({
    method: "debug_traceCall",
    params: [
      call,
      toHex(blockNumber),
      { tracer: "prestateTracer", tracerConfig: { diffMode: true }, ...overrides },
    ],
  });
  return answer as PrestateDiff;
}

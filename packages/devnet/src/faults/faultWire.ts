import {
  type ChainFaultEvent,
  type FaultError,
  type FaultErrorCode,
  FaultInProgressError,
  FaultUnsupportedError,
  InvalidFaultError,
  type ReorgResult,
  type RestartResult,
} from "@privnet/core";
import type { Hash, Hex } from "viem";
import type { WireFaultEvent } from "./faultEventFeed.js";

// The fault controller speaks JSON (it answers over JSON-RPC from the relay's thread, which loads
// no package): block numbers and wei are 0x quantities there, and a refusal is a code and a
// message. This file turns both into the SDK's shapes and core's fault errors, and back.

/** The codes the controller refuses with (`FAULTS_UNAVAILABLE` is the platform's own). */
const codes = new Set<string>(["FAULT_INVALID", "FAULT_IN_PROGRESS", "FAULT_UNSUPPORTED"]);
type ControllerCode = Exclude<FaultErrorCode, "FAULTS_UNAVAILABLE">;

/** Whether `code` is one the fault controller refuses with. */
export function isFaultCode(code: unknown): code is ControllerCode {
  return typeof code === "string" && codes.has(code);
}

/**
 * The fault error a refusal stands for: the controller words its messages as core's classes do
 * ("A fault is under way (reorg): …", "Invalid fault setting `ms`: …"), so the class and its
 * fields come back from the message.
 */
export function faultErrorOf(code: ControllerCode, message: string): FaultError {
  if (code === "FAULT_IN_PROGRESS")
    return new FaultInProgressError(/\(([^)]+)\)/.exec(message)?.[1] ?? message);
  if (code === "FAULT_INVALID") {
    const [, field, rule] = /^Invalid fault setting `([^`]+)`: (.*)\.$/s.exec(message) ?? [];
    return new InvalidFaultError(field ?? "options", rule ?? message);
  }
  const [, fault, reason] = /^This devnet cannot carry out (\S+): (.*)\.$/s.exec(message) ?? [];
  return new FaultUnsupportedError(fault ?? "this fault", reason ?? message);
}

const hex = (value: bigint): Hex => `0x${value.toString(16)}`;
const blockRef = (ref: { number: bigint; hash: Hash }) => ({ number: hex(ref.number), hash: ref.hash });
const fromBlockRef = (ref: { number: string; hash: Hash }) => ({
  number: BigInt(ref.number),
  hash: ref.hash,
});

/** A reorganisation's result as the controller keeps it in its `reorged` event. */
export function reorgToWire(result: ReorgResult): Record<string, unknown> {
  return {
    ...result,
    oldHead: blockRef(result.oldHead),
    newHead: blockRef(result.newHead),
    replaced: result.replaced.map((entry) => ({ ...entry, number: hex(entry.number) })),
  };
}

/** A restart's result from the relay's answer (the devnet's owner answers 0x block numbers). */
export function restartFromWire(answer: {
  keepPool: boolean;
  head: { number: string; hash: Hash };
  pool: Hash[];
  downMs: number;
}): RestartResult {
  return {
    keepPool: answer.keepPool,
    head: fromBlockRef(answer.head),
    pool: answer.pool,
    downMs: answer.downMs,
  };
}

/** A fault event as the SDK hands it to `subscribe()`'s listeners. */
export function eventFromWire(wire: WireFaultEvent): ChainFaultEvent {
  const event = wire as Record<string, unknown> & { type: ChainFaultEvent["type"]; at: string };
  switch (event.type) {
    case "reorged": {
      const replaced = event.replaced as { number: string; oldHash: Hash; newHash: Hash }[];
      return {
        ...(event as unknown as ReorgResult & { type: "reorged"; at: string }),
        oldHead: fromBlockRef(event.oldHead as { number: string; hash: Hash }),
        newHead: fromBlockRef(event.newHead as { number: string; hash: Hash }),
        replaced: replaced.map((entry) => ({ ...entry, number: BigInt(entry.number) })),
      };
    }
    case "restarted":
      return { type: "restarted", at: event.at, ...restartFromWire(event as never) };
    case "stalled":
      return {
        ...(event as never as ChainFaultEvent & { type: "stalled" }),
        head: BigInt(event.head as string),
      };
    case "feeSpiked":
      return {
        ...(event as never as ChainFaultEvent & { type: "feeSpiked" }),
        baseFee: BigInt(event.baseFee as string),
        fromBlock: BigInt(event.fromBlock as string),
      };
    case "adminCall":
      return {
        ...(event as never as ChainFaultEvent & { type: "adminCall" }),
        block: typeof event.block === "string" ? BigInt(event.block) : null,
      };
    default:
      return event as unknown as ChainFaultEvent;
  }
}

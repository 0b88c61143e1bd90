import { type Address, getAddress } from "viem";
import type { CallTracerFrame } from "../chain/nodeClient.js";
import type { ExplorerContext } from "./ExplorerContext.js";
import type { AddressLabel, CallFrame } from "./ExplorerShapes.js";

/**
 * A callTracer frame and every call below it, each call decoded with the ABI the registry knows
 * for its target and every address labelled (a creation's input is init code: left undecoded).
 *
 * @example
 * const frame = await decodeCallFrame(ctx, await traceCalls(ctx.reader, hash), label);
 */
export async function decodeCallFrame(
  ctx: ExplorerContext,
  frame: CallTracerFrame,
  label: (address: Address | null) => AddressLabel | null,
): Promise<CallFrame> {
  const to = frame.to ? getAddress(frame.to) : null;
  const input = frame.input ?? "0x";
  const [method, calls] = await Promise.all([
    frame.type === "CREATE" || frame.type === "CREATE2"
      ? Promise.resolve(null)
      : ctx.registry.decodeCall(to, input),
    Promise.all((frame.calls ?? []).map((call) => decodeCallFrame(ctx, call, label))),
  ]);
  return {
    type: frame.type,
    from: getAddress(frame.from),
    fromLabel: label(frame.from),
    to,
    toLabel: label(to),
    value: BigInt(frame.value ?? "0x0"),
    gasUsed: BigInt(frame.gasUsed ?? "0x0"),
    input,
    output: frame.output ?? null,
    error: frame.error ?? null,
    method,
    calls,
  };
}

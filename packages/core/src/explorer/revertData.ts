import type { Hex } from "viem";

/**
 * The revert data an RPC error carries somewhere in its causes: viem wraps the node's answer
 * (`{ code: 3, message: "execution reverted", data: "0x08c379a0…" }`) in one or more errors.
 */
export function revertData(error: unknown): Hex | undefined {
  let current: unknown = error;
  for (let depth = 0; current && depth < 8; depth++) {
    const data = (current as { data?: unknown }).data;
    if (typeof data === "string" && /^0x[0-9a-fA-F]*$/.test(data)) return data as Hex;
    if (data && typeof data === "object" && typeof (data as { data?: unknown }).data === "string") {
      return (data as { data: Hex }).data;
    }
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

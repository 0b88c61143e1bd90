import type { CallFrame } from "../ExplorerShapes.js";

/** Frames that run code over another account's storage: the caller's (`from`) is the one written. */
const IN_CALLER = new Set(["DELEGATECALL", "CALLCODE"]);

/**
 * The call frames that could write each account's storage, by lower-case address: every frame
 * that ran with that storage (a call or create to it, a delegatecall from it), not reverted and
 * not static, each as its path in the trace (`[]` the top frame, `[1, 0]` the first call of its
 * second call). The state diff says which slots changed, not which frame wrote them; one frame per
 * account is the usual case and then the tie is exact.
 *
 * @example
 * storageFrames(trace).get(vault.toLowerCase()); // [[], [0]]
 */
export function storageFrames(trace: CallFrame | null): Map<string, number[][]> {
  const frames = new Map<string, number[][]>();
  const visit = (frame: CallFrame, path: number[]) => {
    // A reverted frame's writes, and everything it called, were undone.
    if (frame.error !== null) return;
    const owner = IN_CALLER.has(frame.type) ? frame.from : frame.type === "STATICCALL" ? null : frame.to;
    if (owner) {
      const key = owner.toLowerCase();
      frames.set(key, [...(frames.get(key) ?? []), path]);
    }
    frame.calls.forEach((call, index) => {
      visit(call, [...path, index]);
    });
  };
  if (trace) visit(trace, []);
  return frames;
}

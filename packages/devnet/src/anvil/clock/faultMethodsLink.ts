import type { ClockCall } from "./createDevnetClock.js";
import type { ClockRelay, RelayAnswer, RelayFaultHooks, RelayLink, RelayRequest } from "./relayTypes.js";

export type FaultMethodsLinkOptions = {
  hooks: RelayFaultHooks;
  /** The relay the faults act on (set once it listens). */
  relay(): ClockRelay | undefined;
  /** Whether a call mines a block (the clock's count). */
  mines(call: ClockCall): boolean;
  /** The methods `mines` may say yes to, so that their bodies are read. */
  miningMethods: readonly string[];
};

const prefix = "privnet_faults_";

/**
 * privnet's own fault methods (`privnet_faults_*`, see `createRelayFaults`) answered by the relay:
 * an HTTP request with one such call never reaches anvil; its answer follows those of the
 * requests before it on the connection. A request that mines waits for the faults' work before
 * mining (a spiked base fee set again).
 */
export function faultMethodsLink(options: FaultMethodsLinkOptions): RelayLink {
  const { hooks, mines } = options;
  return {
    name: "fault methods",
    reads: [prefix, ...options.miningMethods],
    handle(request, next) {
      const { calls } = request;
      if (calls.length === 0) return next(request);
      const only = calls.length === 1 ? (calls[0] as ClockCall) : undefined;
      const relay = options.relay();
      if (only && relay && request.transport === "http" && only.method.startsWith(prefix))
        return answer(only, request, relay);
      const before = calls.some(mines) ? hooks.beforeMining() : undefined;
      if (!before) return next(request);
      const go = () => next(request);
      return before.then(go, go);
    },
  };

  /** Answered once every earlier request on the connection has its answer from anvil. */
  async function answer(call: ClockCall, request: RelayRequest, relay: ClockRelay): Promise<RelayAnswer> {
    await request.connection.drained();
    const id = call.id ?? null;
    try {
      return { from: "relay", body: { jsonrpc: "2.0", id, result: await hooks.handle(call, relay) } };
    } catch (error) {
      const { message, code } = error as { message?: string; code?: string };
      return {
        from: "relay",
        body: {
          jsonrpc: "2.0",
          id,
          error: { code: -32000, message: message ?? String(error), data: { code } },
        },
      };
    }
  }
}

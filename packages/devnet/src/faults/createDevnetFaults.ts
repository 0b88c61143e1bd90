import {
  type ChainFaults,
  feeSpikeOptionsSchema,
  parseFaultOptions,
  type RestartOptions,
  type RestartResult,
  reorgOptionsSchema,
  restartOptionsSchema,
  type TimedFaultOptions,
  type TimedFaultResult,
  timedFaultOptionsSchema,
} from "@privnet/core";
import type { Hash } from "viem";
import { type FaultChannel, faultCalls, localFaultChannel, remoteFaultChannel } from "./faultChannel.js";
import { createFaultController } from "./faultController.js";
import { faultRpc, poolContent } from "./faultRpc.js";
import { reorgToWire, restartFromWire } from "./faultWire.js";
import { reorg } from "./reorg.js";

export type DevnetFaultsOptions = {
  /**
   * Where the devnet answers: its relay's faults port (which stays open while the devnet's port
   * refuses connections), or its RPC URL.
   */
  url: string;
  /**
   * Whether a clock relay stands in front of anvil (`startDevnet`'s default): the fault controller
   * runs in it. Without it the controller runs in this process, and `restart`, `unreachable` and
   * `feeSpike` are refused (`FAULT_UNSUPPORTED`).
   */
  relay: boolean;
  /** Called once anvil restarted: snapshots taken before (`evm_snapshot`) are gone. */
  onRestart?: () => void;
};

/** A {@link ChainFaults} that also ends what is under way without asking the devnet (it is stopping). */
export type DevnetFaults = ChainFaults & {
  /** Stops following the devnet's fault events; clears the timers of a controller of its own. */
  dispose(): void;
};

/**
 * Faults on demand for the embedded devnet: a typed client of its fault controller (in the relay,
 * `privnet_faults_*`; see `faultController.ts`), which keeps the one fault under way, the timers of
 * the timed ones, and pushes their events. Settings are checked with core's fault schema first
 * (`FAULT_INVALID`); `reorg` and `dropPool` are carried out here with anvil's own methods, between
 * the controller's `begin` and `end`. Every method resolves after `subscribe()`'s listeners got its
 * event.
 *
 * `startDevnet()` answers one as `devnet.faults`, and the Vitest fixtures as `useDevnet().faults`.
 *
 * @example
 * const faults = createDevnetFaults({ url: devnet.rpcUrl, relay: true });
 * const { orphaned, newHead } = await faults.reorg({ depth: 3 });
 */
export function createDevnetFaults(options: DevnetFaultsOptions): DevnetFaults {
  const rpc = faultRpc(options.url);
  // Without the relay, the controller runs here: its faults that need the relay are refused.
  const controller = options.relay ? undefined : createFaultController({ rpc });
  const channel: FaultChannel = controller
    ? localFaultChannel(controller)
    : remoteFaultChannel(options.url, rpc);
  const { carriedOut, answered } = faultCalls(channel);
  const timedFault =
    (method: string) =>
    async (given: TimedFaultOptions): Promise<TimedFaultResult> => {
      const { ms } = parseFaultOptions(timedFaultOptionsSchema, given);
      const { endsAt } = await answered<{ endsAt: string; seq: number }>(method, [ms]);
      return { endsAt };
    };

  return {
    /**
     * Replaces the last `depth` blocks with a new branch of `depth + extraBlocks` blocks: new
     * hashes, `BLOCKHASH` and `eth_getBlockByNumber` agreeing, the orphaned blocks' transactions
     * mined again in it unless dropped.
     *
     * @example
     * const { replaced, remined } = await devnet.faults.reorg({ depth: 3 });
     * await devnet.faults.reorg({ depth: 1, drop: [hash], dropTo: "pool" }); // `hash` pending again
     */
    async reorg(reorgOptions) {
      const checked = parseFaultOptions(reorgOptionsSchema, reorgOptions);
      return carriedOut("reorg", async () => {
        const result = await reorg(rpc, checked, { relay: options.relay });
        return [result, { type: "reorged", ...reorgToWire(result) }];
      });
    },

    /**
     * Empties the pool: every pending (and queued) transaction is gone.
     *
     * @example
     * const { dropped } = await devnet.faults.dropPool();
     */
    dropPool() {
      return carriedOut("dropPool", async () => {
        const dropped: Hash[] = (await poolContent(rpc)).map((tx) => tx.hash);
        await rpc("anvil_dropAllTransactions");
        return [{ dropped }, { type: "poolDropped", dropped }];
      });
    },

    /**
     * Stops anvil and starts it again on the same port with the same chain; the pool is lost
     * unless `keepPool`. Snapshots (`evm_snapshot`) do not survive it.
     *
     * @example
     * const { head, pool, downMs } = await devnet.faults.restart({ keepPool: true });
     */
    async restart(restartOptions: RestartOptions = {}): Promise<RestartResult> {
      const { keepPool = false } = parseFaultOptions(restartOptionsSchema, restartOptions);
      const answer = await channel.call<Parameters<typeof restartFromWire>[0] & { seq: number }>(
        "privnet_faults_restart",
        [{ keepPool }],
      );
      options.onRestart?.();
      await channel.delivered(answer.seq);
      return restartFromWire(answer);
    },

    /** No blocks for `ms` (see `ChainFaults.stall`): sends go into the pool; resolves once in effect. */
    stall: timedFault("privnet_faults_stall"),
    /** The devnet's port refuses connections (`ECONNREFUSED`) for `ms`; open connections are reset. */
    unreachable: timedFault("privnet_faults_unreachable"),

    /**
     * Each of the next `blocks` blocks has base fee `baseFee`; afterwards it falls back as
     * EIP-1559 lets it. Resolves with the first of those blocks.
     *
     * @example
     * const { fromBlock } = await devnet.faults.feeSpike({ baseFee: parseGwei("500"), blocks: 3 });
     */
    async feeSpike(feeSpikeOptions) {
      const { baseFee, blocks } = parseFaultOptions(feeSpikeOptionsSchema, feeSpikeOptions);
      const { fromBlock } = await answered<{ fromBlock: string; seq: number }>("privnet_faults_feeSpike", [
        `0x${baseFee.toString(16)}`,
        blocks,
      ]);
      return { fromBlock: BigInt(fromBlock) };
    },

    /**
     * Ends the timed fault under way now; it emits `recovered`.
     *
     * @example
     * await devnet.faults.stall({ ms: 60_000 });
     * await devnet.faults.recover(); // blocks again
     */
    async recover() {
      await answered<{ seq?: number }>("privnet_faults_recover", []);
    },

    /**
     * Calls `listener` with every fault event, pushed by the devnet's fault controller (those of
     * other clients of the same devnet too); answers the function that stops it.
     *
     * @example
     * const stop = devnet.faults.subscribe((event) => console.log(event.type));
     */
    subscribe: (listener) => channel.subscribe(listener),

    dispose() {
      channel.close();
      controller?.close();
    },
  };
}

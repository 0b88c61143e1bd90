import type {
  ChainFaultEvent,
  ChainFaults,
  FeeSpikeOptions,
  RestartOptions,
  RestartResult,
  TimedFault,
  TimedFaultOptions,
  TimedFaultResult,
} from "@privnet/core";
import type { Hash } from "viem";
import { DevnetFaultError } from "../errors.js";
import { type FaultRpc, faultRpc, miningMode, pauseMining, poolContent, resumeMining } from "./faultRpc.js";
import { reorg } from "./reorg.js";

export type DevnetFaultsOptions = {
  /**
   * Where the devnet answers: its relay's faults port (which stays open while the devnet's port
   * refuses connections), or its RPC URL.
   */
  url: string;
  /**
   * Whether a clock relay stands in front of anvil (`startDevnet`'s default). `restart`,
   * `unreachable` and `feeSpike` are carried out by it; without it they are refused
   * (`FAULT_UNSUPPORTED`).
   */
  relay: boolean;
  /** Called once anvil restarted: snapshots taken before (`evm_snapshot`) are gone. */
  onRestart?: () => void;
};

/** A {@link ChainFaults} that also ends what is under way without asking the devnet (it is stopping). */
export type DevnetFaults = ChainFaults & {
  /** Clears the timers of timed faults; asks nothing of the devnet. */
  dispose(): void;
};

/** How often the state of a fault the relay carries out (unreachable, feeSpike) is read. */
const relayPollMs = 100;
const maxTimedMs = 600_000;

type FaultState =
  | { status: "idle" }
  | { status: "busy"; fault: string }
  | { status: "stalled"; endsAt: string; timer: NodeJS.Timeout; mode: Awaited<ReturnType<typeof miningMode>> }
  | { status: "relayTimed"; fault: "unreachable" | "feeSpike"; poller: NodeJS.Timeout };

/**
 * Faults on demand for the embedded devnet, over JSON-RPC: `reorg`, `dropPool` and `stall` with
 * anvil's own methods, `restart`, `unreachable` and `feeSpike` with privnet's (`privnet_faults_*`,
 * answered by the devnet's clock relay). One fault at a time; the timed ones (`stall`,
 * `unreachable`, `feeSpike`) count as under way until they end.
 *
 * `startDevnet()` answers one as `devnet.faults`, and the Vitest fixtures as `useDevnet().faults`.
 *
 * @example
 * const faults = createDevnetFaults({ url: devnet.rpcUrl, relay: true });
 * const { orphaned, newHead } = await faults.reorg({ depth: 3 });
 */
export function createDevnetFaults(options: DevnetFaultsOptions): DevnetFaults {
  const rpc: FaultRpc = faultRpc(options.url);
  const listeners = new Set<(event: ChainFaultEvent) => void>();
  let state: FaultState = { status: "idle" };

  const emit = (event: DistributiveOmit<ChainFaultEvent, "at">) => {
    const stamped = { ...event, at: new Date().toISOString() } as ChainFaultEvent;
    for (const listener of listeners) {
      try {
        listener(stamped);
      } catch {
        // A listener's failure is its own.
      }
    }
  };
  const begin = (fault: string) => {
    if (state.status !== "idle") {
      const current = state.status === "busy" || state.status === "relayTimed" ? state.fault : "stall";
      throw new DevnetFaultError(
        "FAULT_IN_PROGRESS",
        `A ${current} fault is under way: one fault at a time (recover() ends a timed one now).`,
      );
    }
    state = { status: "busy", fault };
  };
  const idle = () => {
    state = { status: "idle" };
  };
  const needRelay = (fault: string) => {
    if (!options.relay)
      throw new DevnetFaultError(
        "FAULT_UNSUPPORTED",
        `${fault} needs the devnet's clock relay, and this devnet runs without it (clock: false).`,
      );
  };
  /** Runs a fault that is over once its promise settles. */
  const run = async <T>(fault: string, work: () => Promise<T>): Promise<T> => {
    begin(fault);
    try {
      return await work();
    } finally {
      idle();
    }
  };

  const endStall = async () => {
    if (state.status !== "stalled") return false;
    const { timer, mode } = state;
    clearTimeout(timer);
    idle();
    await resumeMining(rpc, mode);
    // A chain that mines a block per transaction mines what came in meanwhile, as it would have.
    if (mode.automine) {
      const pool = await rpc<{ pending: Record<string, unknown> }>("txpool_content");
      if (Object.keys(pool.pending).length > 0) await rpc("evm_mine");
    }
    emit({ type: "recovered", fault: "stall" });
    return true;
  };

  /** Follows a fault the relay carries out until the relay says it is over. */
  const followRelay = (fault: "unreachable" | "feeSpike") => {
    const poller = setInterval(() => {
      void rpc<{ unreachable: unknown; feeSpike: unknown }>("privnet_faults_status").then(
        (status) => {
          if (status[fault] !== null || state.status !== "relayTimed" || state.fault !== fault) return;
          clearInterval(poller);
          idle();
          emit({ type: "recovered", fault });
        },
        () => undefined,
      );
    }, relayPollMs);
    poller.unref();
    state = { status: "relayTimed", fault, poller };
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
    reorg(reorgOptions) {
      return run("reorg", async () => {
        const result = await reorg(rpc, reorgOptions, { relay: options.relay });
        emit({ type: "reorged", ...result });
        return result;
      });
    },

    /**
     * Empties the pool: every pending (and queued) transaction is gone.
     *
     * @example
     * const { dropped } = await devnet.faults.dropPool();
     */
    dropPool() {
      return run("dropPool", async () => {
        const dropped = (await poolContent(rpc)).map((tx) => tx.hash);
        await rpc("anvil_dropAllTransactions");
        emit({ type: "poolDropped", dropped });
        return { dropped };
      });
    },

    /**
     * Stops anvil and starts it again on the same port with the same chain; the pool is lost
     * unless `keepPool`. Snapshots (`evm_snapshot`) do not survive it.
     *
     * @example
     * const { head, pool, downMs } = await devnet.faults.restart({ keepPool: true });
     */
    restart(restartOptions: RestartOptions = {}) {
      return run("restart", async () => {
        needRelay("restart");
        const keepPool = restartOptions.keepPool ?? false;
        if (typeof keepPool !== "boolean")
          throw new DevnetFaultError(
            "FAULT_INVALID",
            `keepPool must be true or false, got ${String(keepPool)}.`,
          );
        const answer = await rpc<{
          keepPool: boolean;
          head: { number: string; hash: Hash };
          pool: Hash[];
          downMs: number;
        }>("privnet_faults_restart", [{ keepPool }]);
        options.onRestart?.();
        const result: RestartResult = {
          keepPool: answer.keepPool,
          head: { number: BigInt(answer.head.number), hash: answer.head.hash },
          pool: answer.pool,
          downMs: answer.downMs,
        };
        emit({ type: "restarted", ...result });
        return result;
      });
    },

    /**
     * No blocks for `ms`: interval mining and automine are off, sends still go into the pool.
     * Afterwards the devnet mines as before (automining, what came in meanwhile in one block).
     *
     * @example
     * const { endsAt } = await devnet.faults.stall({ ms: 5_000 });
     */
    async stall(stallOptions: TimedFaultOptions): Promise<TimedFaultResult> {
      const ms = checkMs(stallOptions);
      begin("stall");
      try {
        const mode = await miningMode(rpc);
        await pauseMining(rpc);
        const head = BigInt(await rpc<string>("eth_blockNumber"));
        const endsAt = new Date(Date.now() + ms).toISOString();
        const timer = setTimeout(() => void endStall().catch(() => undefined), ms);
        timer.unref();
        state = { status: "stalled", endsAt, timer, mode };
        emit({ type: "stalled", ms, head, endsAt });
        return { endsAt };
      } catch (error) {
        if (state.status === "busy") idle();
        throw error;
      }
    },

    /**
     * The devnet's port refuses connections (`ECONNREFUSED`) for `ms`, then listens again on the
     * same port. Open connections are reset.
     *
     * @example
     * await devnet.faults.unreachable({ ms: 2_000 });
     */
    async unreachable(unreachableOptions: TimedFaultOptions): Promise<TimedFaultResult> {
      const ms = checkMs(unreachableOptions);
      needRelay("unreachable");
      begin("unreachable");
      try {
        const { endsAt } = await rpc<{ endsAt: string }>("privnet_faults_unreachable", [ms]);
        followRelay("unreachable");
        emit({ type: "unreachable", ms, endsAt });
        return { endsAt };
      } catch (error) {
        idle();
        throw error;
      }
    },

    /**
     * Each of the next `blocks` blocks has base fee `baseFee`; afterwards it falls back as
     * EIP-1559 lets it. Resolves with the first of those blocks.
     *
     * @example
     * const { fromBlock } = await devnet.faults.feeSpike({ baseFee: parseGwei("500"), blocks: 3 });
     */
    async feeSpike({ baseFee, blocks }: FeeSpikeOptions) {
      if (typeof baseFee !== "bigint" || baseFee < 0n)
        throw new DevnetFaultError(
          "FAULT_INVALID",
          `baseFee must be a bigint of 0 wei or more, got ${String(baseFee)}.`,
        );
      if (!Number.isInteger(blocks) || blocks < 1 || blocks > 1_000)
        throw new DevnetFaultError(
          "FAULT_INVALID",
          `blocks must be an integer from 1 to 1000, got ${String(blocks)}.`,
        );
      needRelay("feeSpike");
      begin("feeSpike");
      try {
        const answer = await rpc<{ fromBlock: string }>("privnet_faults_feeSpike", [
          `0x${baseFee.toString(16)}`,
          blocks,
        ]);
        const fromBlock = BigInt(answer.fromBlock);
        followRelay("feeSpike");
        emit({ type: "feeSpiked", baseFee, blocks, fromBlock });
        return { fromBlock };
      } catch (error) {
        idle();
        throw error;
      }
    },

    /**
     * Ends every timed fault under way now; each emits `recovered`.
     *
     * @example
     * await devnet.faults.stall({ ms: 60_000 });
     * await devnet.faults.recover(); // blocks again
     */
    async recover() {
      await endStall();
      if (!options.relay) return;
      const { ended } = await rpc<{ ended: TimedFault[] }>("privnet_faults_recover");
      if (state.status === "relayTimed") {
        clearInterval(state.poller);
        const { fault } = state;
        idle();
        if (!ended.includes(fault)) ended.push(fault);
      }
      for (const fault of ended) emit({ type: "recovered", fault });
    },

    /**
     * Calls `listener` with every fault event; answers the function that stops it.
     *
     * @example
     * const stop = devnet.faults.subscribe((event) => console.log(event.type));
     */
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },

    dispose() {
      if (state.status === "stalled") clearTimeout(state.timer);
      if (state.status === "relayTimed") clearInterval(state.poller);
      idle();
    },
  };
}

function checkMs(options: TimedFaultOptions): number {
  const ms = options?.ms;
  if (!Number.isInteger(ms) || ms < 1 || ms > maxTimedMs)
    throw new DevnetFaultError(
      "FAULT_INVALID",
      `ms must be an integer from 1 to ${maxTimedMs}, got ${String(ms)}.`,
    );
  return ms;
}

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

import type { Hash } from "viem";
import type {
  ChainFaultEvent,
  ChainFaults,
  FeeSpikeOptions,
  ReorgOptions,
  ReorgResult,
  RestartOptions,
  RestartResult,
  TimedFaultOptions,
  TimedFaultResult,
} from "../chain/ChainFaults.js";
import {
  feeSpikeOptionsSchema,
  reorgOptionsSchema,
  restartOptionsSchema,
  timedFaultOptionsSchema,
} from "../chain/faultSchema.js";
import type { GuardedContext } from "../context/OperationGuard.js";
import { FaultsUnavailableError } from "../errors/faults.js";
import { InvalidQueryError } from "../errors/sender.js";
import { FAULT_HISTORY_LIMIT, type FaultLog } from "./FaultLog.js";
import { parseFaultOptions } from "./parseFaultOptions.js";

/** The faults after which the platform looks at the chain and the pool before answering. */
export type FollowedFault = "reorg" | "dropPool" | "restart";

/** What `platform.faults` needs. */
export type FaultActionsContext = GuardedContext & {
  /** The chain's faults (`devnet.faults`); undefined on a node the platform does not control. */
  readonly faults: ChainFaults | undefined;
  /** The fault events kept for {@link FaultLog.history}. */
  readonly log: FaultLog;
  /**
   * Resolves once the platform has followed `fault`: the transaction watcher has looked at the
   * chain (and the pool) as the fault left them.
   */
  readonly follow: (fault: FollowedFault) => Promise<void>;
};

/**
 * `platform.faults`: faults on demand for the chain the platform runs on, when it controls it (the
 * embedded devnet; see {@link ChainFaults}). Each operation checks its settings with the fault's
 * schema (`FAULT_INVALID`) and refuses with `FAULTS_UNAVAILABLE` on a platform made without the
 * `faults` option (a node given by URL, `--rpc-url`). One fault at a time is the devnet's rule
 * (its fault controller answers `FAULT_IN_PROGRESS`), not kept again here. Every fault event is
 * announced as the platform's `chain` event and kept for {@link history}.
 *
 * @example
 * const devnet = await startDevnet();
 * const platform = await createPlatform({ transport: http(devnet.rpcUrl), faults: devnet.faults });
 * platform.events.on("chain", (event) => console.log(event.type));
 * const { replaced, orphaned } = await platform.faults.reorg({ depth: 3 });
 */
export function faultActions(ctx: FaultActionsContext) {
  /**
   * Runs one fault on the chain's faults: its settings checked first (a rejection, never a throw),
   * then refused without faults.
   */
  const apply = <O, R>(check: () => O, run: (faults: ChainFaults, options: O) => Promise<R>) =>
    ctx.guard(async (): Promise<R> => {
      const options = check();
      const { faults } = ctx;
      if (!faults) throw new FaultsUnavailableError();
      return run(faults, options);
    });
  const followed = <R>(fault: FollowedFault, result: R) => ctx.follow(fault).then(() => result);

  return {
    /** True when the platform can inject faults (it was given the devnet's `faults`). */
    available: ctx.faults !== undefined,
    /**
     * Replaces the last `depth` blocks with a new branch (see {@link ChainFaults.reorg}); answers
     * once the platform's watcher has followed the new branch.
     */
    reorg: (options: ReorgOptions): Promise<ReorgResult> =>
      apply(
        () => parseFaultOptions(reorgOptionsSchema, options),
        async (faults, checked) => followed("reorg", await faults.reorg(checked)),
      ),
    /** Empties the node's pool (see {@link ChainFaults.dropPool}); answers once the watcher looked at the pool. */
    dropPool: (): Promise<{ dropped: Hash[] }> =>
      apply(
        () => undefined,
        async (faults) => followed("dropPool", await faults.dropPool()),
      ),
    /** Stops the node and starts it again (see {@link ChainFaults.restart}); answers once the watcher looked at it. */
    restart: (options?: RestartOptions): Promise<RestartResult> =>
      apply(
        () => parseFaultOptions(restartOptionsSchema, options ?? {}),
        async (faults, checked) => followed("restart", await faults.restart(checked)),
      ),
    /** No blocks for `ms` (see {@link ChainFaults.stall}); answers once in effect. */
    stall: (options: TimedFaultOptions): Promise<TimedFaultResult> =>
      apply(
        () => parseFaultOptions(timedFaultOptionsSchema, options),
        (faults, checked) => faults.stall(checked),
      ),
    /** The RPC refuses connections for `ms` (see {@link ChainFaults.unreachable}); answers once in effect. */
    unreachable: (options: TimedFaultOptions): Promise<TimedFaultResult> =>
      apply(
        () => parseFaultOptions(timedFaultOptionsSchema, options),
        (faults, checked) => faults.unreachable(checked),
      ),
    /** The next `blocks` blocks have base fee `baseFee` (see {@link ChainFaults.feeSpike}); answers once in effect. */
    feeSpike: (options: FeeSpikeOptions): Promise<{ fromBlock: bigint }> =>
      apply(
        () => parseFaultOptions(feeSpikeOptionsSchema, options),
        (faults, checked) => faults.feeSpike(checked),
      ),
    /** Ends every timed fault under way now (see {@link ChainFaults.recover}); never refused as in progress. */
    recover: (): Promise<void> =>
      ctx.guard(async () => {
        if (!ctx.faults) throw new FaultsUnavailableError();
        await ctx.faults.recover();
      }),
    /**
     * The last fault events (at most {@link FAULT_HISTORY_LIMIT}, default all of them), newest
     * first: those of faults asked here and of the devnet's faults asked directly. Empty on a
     * platform without faults.
     */
    history: (options: { limit?: number | undefined } = {}): ChainFaultEvent[] => {
      const { limit = FAULT_HISTORY_LIMIT } = options;
      if (!Number.isInteger(limit) || limit < 1 || limit > FAULT_HISTORY_LIMIT) {
        throw new InvalidQueryError(
          `\`limit\` must be an integer from 1 to ${FAULT_HISTORY_LIMIT}, got ${limit}.`,
        );
      }
      return ctx.log.history(limit);
    },
  };
}

/** The operations of `platform.faults`. */
export type FaultActions = ReturnType<typeof faultActions>;

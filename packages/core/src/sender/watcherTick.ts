import type { Hash } from "viem";
import type { ChainRewindCause, LatestBlock } from "../chain/ChainHead.js";
import type { WatchedTransaction } from "./followedTransactions.js";
import type { HeldBackRelease } from "./HeldBackRelease.js";
import type { PoolLossRecovery } from "./PoolLossRecovery.js";
import type { ReceiptScanner } from "./ReceiptScanner.js";
import { RewindRecovery } from "./RewindRecovery.js";
import type { StuckSends } from "./StuckSends.js";
import type { WatcherParts } from "./watcherParts.js";
import { TICK_STEPS, type TickStep } from "./watcherSteps.js";

/** The watcher's stages a tick runs, and the few facts it keeps between ticks. */
export type TickStages = {
  parts: WatcherParts;
  scanner: ReceiptScanner;
  rewind: RewindRecovery;
  poolLoss: PoolLossRecovery;
  stuck: StuckSends;
  heldBack: HeldBackRelease;
  pace: {
    /** The head a tick saw last, and since when (ms): a head that stays put starts a pool check. */
    tickHead: bigint | undefined;
    headSince: number;
    /** The next tick compares the pool with what is followed, whatever the counts say. */
    poolCheckDue: boolean;
    /**
     * A rewind whose recovery failed part-way (the node did not answer a read): the next tick
     * runs its steps again, all but `announce`, until one run completes.
     */
    rewindUnfinished?: ChainRewindCause | undefined;
    /** When a still head last made a tick due (see {@link STILL_HEAD_CHECK_MS}). */
    lastStillHeadCheck: number;
  };
};

/**
 * The head's number unchanged this long (ms) while records settled on chain could be taken back:
 * a tick looks at the head's hash (at most this often). The head follower sees numbers only, and
 * a revert followed by a new block at the same height between two polls leaves the number as it
 * was; on an automining devnet no next block may come to show it.
 */
const STILL_HEAD_CHECK_MS = 1_000;

/**
 * Whether a tick is due although the head has not moved (the watcher asks on a timer; a tick
 * already `running` makes the first and last of these wait for it): a rewind's recovery the node
 * left unfinished, a send stuck past `replaceAfter`, a held-back send to release, or a head that
 * stood still for {@link STILL_HEAD_CHECK_MS} while settled records could be taken back (at most
 * once per period).
 */
export function tickDueWithoutHead(
  { parts, stuck, heldBack, pace }: TickStages,
  now: number,
  running: boolean,
) {
  if (pace.rewindUnfinished !== undefined && !running) return true;
  if (stuck.due(now) || heldBack.due(now, pace.headSince)) return true;
  if (parts.settledOnChain.size === 0 || running) return false;
  if (now - pace.headSince < STILL_HEAD_CHECK_MS || now - pace.lastStillHeadCheck < STILL_HEAD_CHECK_MS)
    return false;
  pace.lastStillHeadCheck = now;
  return true;
}

/** What one tick has read so far. */
type TickReads = {
  accepted: WatchedTransaction[];
  pooled?: number | undefined;
  latest?: LatestBlock;
  anchorHash?: Hash | null | undefined;
};

/** Runs one tick: each step in `order` (the rules' order unless a test swaps two). */
export async function runTick(stages: TickStages, order: readonly TickStep[] = TICK_STEPS): Promise<void> {
  const reads: TickReads = { accepted: [] };
  for (const step of order) {
    if ((await STEPS[step](stages, reads)) === "end") return;
  }
}

type StepRun = (stages: TickStages, reads: TickReads) => Promise<"end" | undefined>;

const STEPS: Record<TickStep, StepRun> = {
  async retryUnwritten({ parts }) {
    await parts.settler.retryUnwritten();
    return undefined;
  },
  async readPoolSize({ parts }, reads) {
    // Other senders' transactions only make the count larger, never a false alarm.
    reads.accepted = parts.pool.inspectable() ? parts.followed.accepted() : [];
    reads.pooled = reads.accepted.length > 0 ? await readPoolSize(parts) : undefined;
    return undefined;
  },
  async readHead({ parts, pace }, reads) {
    const latest = await parts.head.readLatest();
    reads.latest = latest;
    // The poller compares with the freshest head known, so that a head that went up and back
    // down between two of its polls is still a change.
    parts.head.saw(latest.number, parts.follower);
    if (latest.number !== pace.tickHead) {
      pace.tickHead = latest.number;
      pace.headSince = Date.now();
    }
    return undefined;
  },
  async readAnchorHash({ parts }, reads) {
    reads.anchorHash = await parts.head.anchorHashSeenFrom(reads.latest);
    return undefined;
  },
  async recoverFromRewind({ parts, scanner, rewind, pace }, reads) {
    const latest = reads.latest as LatestBlock;
    const steps = parts.options.rewindSteps ?? RewindRecovery.steps;
    // Rewinds are recovered from before anything settles on the new chain, and before the
    // platform's other parts hear of them from the head (they do once `recover` ends, even failed).
    const cause: ChainRewindCause | undefined = await parts.head.checkAnchor(latest, reads.anchorHash, {
      by: parts.follower,
      // The newest cause: a revert's recovery asks the chain about every settled record, so it
      // also finishes an unfinished reset's.
      async recover(found) {
        scanner.restartAfter(latest.number);
        pace.rewindUnfinished = found;
        await rewind.recover(found, steps);
        pace.rewindUnfinished = undefined;
      },
    });
    if (cause) return "end";
    const unfinished = pace.rewindUnfinished;
    if (!unfinished) return undefined;
    // The scan still starts where the rewind put it: blocks mined since are scanned once the
    // recovery completes. Announced already: the bots set up once per rewind.
    await rewind.recover(
      unfinished,
      steps.filter((step) => step !== "announce"),
    );
    pace.rewindUnfinished = undefined;
    return "end";
  },
  async scanReceipts({ scanner }, reads) {
    await scanner.scan(reads.latest as LatestBlock);
    return undefined;
  },
  async recoverPoolLoss({ parts, scanner, poolLoss, pace }, reads) {
    // Counted only once the scan reached the head: a block whose receipts could not be read yet
    // may hold the ones not settled.
    const head = (reads.latest as LatestBlock).number;
    const unsettled =
      scanner.scannedThrough === head
        ? reads.accepted.filter((watched) => parts.followed.has(watched) && !watched.outcome).length
        : 0;
    if (pace.poolCheckDue || (reads.pooled !== undefined && unsettled > reads.pooled)) {
      pace.poolCheckDue = false;
      await poolLoss.recover();
    }
    return undefined;
  },
  async replacePricedOut({ stuck }, reads) {
    await stuck.replacePricedOut((reads.latest as LatestBlock).baseFeePerGas);
    return undefined;
  },
  async replaceStuck({ stuck }) {
    await stuck.check();
    return undefined;
  },
  async releaseHeldBack({ heldBack, pace }) {
    if (heldBack.due(Date.now(), pace.headSince)) await heldBack.check();
    return undefined;
  },
};

/** Transactions in the node's pool, ready and queued; undefined when the node cannot tell. */
async function readPoolSize(parts: WatcherParts): Promise<number | undefined> {
  try {
    const { pending, queued } = await parts.pool.status();
    return pending + queued;
  } catch (error) {
    // A node without txpool_status (recorded by its client) is not asked again; any other failure is.
    if (parts.pool.inspectable()) parts.recordError(error);
    return undefined;
  }
}

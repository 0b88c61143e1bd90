import { type Hex, parseTransaction } from "viem";
import type { ChainRewindCause } from "../chain/ChainHead.js";
import type { TransactionFees } from "../fees/feePolicy.js";
import type { WatchedTransaction } from "./followedTransactions.js";
import { lookUpReceipt, lookUpTransaction } from "./nodeLookups.js";
import type { ReceiptScanner } from "./ReceiptScanner.js";
import { receiptOutcome } from "./receiptOutcome.js";
import type { SettledOnChain } from "./settledRecords.js";
import { requestFees } from "./transactionRequest.js";
import type { WatcherParts } from "./watcherParts.js";
import { REWIND_STEPS, type RewindStep } from "./watcherSteps.js";

/**
 * After the chain went back under the followed transactions (reset: a new genesis; revert: the
 * block seen last is gone or different): records settled in blocks the chain lost are checked
 * again, followed transactions the chain no longer knows fail, the nonce gaps the rewind left under
 * pooled ones are filled. Its steps run in this order, each named (see {@link RewindRecovery.steps}).
 */
export class RewindRecovery {
  readonly #parts: WatcherParts;
  readonly #scanner: ReceiptScanner;

  constructor(parts: WatcherParts, scanner: ReceiptScanner) {
    this.#parts = parts;
    this.#scanner = scanner;
  }

  /** The recovery's steps, in order: see {@link REWIND_STEPS}. */
  static readonly steps = REWIND_STEPS;

  async recover(cause: ChainRewindCause, order: readonly RewindStep[] = RewindRecovery.steps) {
    // The last step runs even when one before it failed.
    const run: Record<RewindStep, () => Promise<void>> = {
      recheckSettled: () => this.#recheckSettled(cause),
      settleFollowed: () => this.#settleFollowed(cause),
      fillGaps: () => this.#fillGaps(),
      announce: async () => this.#parts.options.onChainRewound?.(cause),
    };
    const last = order.at(-1);
    try {
      for (const step of order.slice(0, -1)) await run[step]();
    } finally {
      if (last) await run[last]();
    }
  }

  async #settleFollowed(cause: ChainRewindCause) {
    const { followed, settler } = this.#parts;
    // A read the node did not answer (a timeout while a reorg holds requests) is no answer: the
    // transaction stays followed, and the recovery runs again on the next tick.
    const unanswered: unknown[] = [];
    await Promise.all(
      [...followed].map(async (watched) => {
        const known = await this.#knownToChain(watched).catch((error: unknown) => {
          unanswered.push(error);
          return true;
        });
        if (known) return;
        if (watched.recordId === undefined) return; // still being sent: the sender decides
        await settler.fail(watched, cause === "reset" ? "the chain was reset" : "the chain was reverted");
        if (cause === "revert") {
          const { recordId, from, nonce, hashes } = watched;
          this.#parts.rewound.remember({ recordId, from, nonce, hashes: [...hashes] });
        }
      }),
    );
    if (unanswered.length > 0) throw unanswered[0];
  }

  /**
   * Whether the chain still has `watched`: settled from a receipt of any of its hashes, or its
   * current hash in the pool. Rejects when the node does not answer: only a "not found" is no.
   */
  async #knownToChain(watched: WatchedTransaction): Promise<boolean> {
    if (await this.#scanner.landedStrict(watched)) return true;
    return (await lookUpTransaction(this.#parts.ctx.client, watched.hash)) !== undefined;
  }

  /**
   * anvil keeps its pool across evm_revert but not the blocks: a transaction still pooled may now
   * wait on a nonce whose transaction went with them, and would wait for ever. The nonce gaps below
   * each sender's followed transactions are filled (`fillNonceGaps`); above a gap that stays, the
   * transactions are taken out of the pool and fail.
   */
  async #fillGaps() {
    const { followed, options, settler } = this.#parts;
    const fill = options.fillNonceGaps;
    if (!fill) return;
    const bySender = new Map<string, WatchedTransaction[]>();
    for (const watched of followed) {
      const key = watched.from.toLowerCase();
      bySender.set(key, [...(bySender.get(key) ?? []), watched]);
    }
    await Promise.all(
      [...bySender.values()].map(async (pooled) => {
        const signer = pooled.find((watched) => watched.signer)?.signer ?? (async () => undefined);
        const from = (pooled[0] as WatchedTransaction).from;
        const unfilled = await fill(from, {
          pooled: pooled.map((watched) => watched.nonce),
          pooledFees: pooled.flatMap((watched) => sentFees(watched) ?? []),
          signer,
          abandon: (lowest) => this.#dropFromPool(pooled.filter((watched) => watched.nonce >= lowest)),
        });
        if (unfilled.length === 0) return;
        // A gap that stays (the revert left the address without ETH, no key at hand): what waits
        // above it never lands, and is not resubmitted to wait there again.
        const lowest = Math.min(...unfilled);
        for (const watched of pooled) {
          if (watched.nonce < lowest || watched.recordId === undefined) continue;
          await settler.fail(watched, "the chain was reverted: a nonce below it is gone");
        }
      }),
    );
  }

  /**
   * Takes transactions that can never land out of the node's pool (`anvil_dropTransaction`, every
   * hash each was sent with). After `evm_revert` anvil keeps such a transaction among its ready
   * ones until its next block, above the sender's count, and counts it in the sender's pending
   * nonce: a send in between would be given a nonce past a gap, and wait there. Nodes without the
   * method keep them.
   */
  async #dropFromPool(abandoned: readonly WatchedTransaction[]) {
    const { pool } = this.#parts;
    await Promise.all(
      abandoned.flatMap((watched) =>
        [...watched.hashes].map((hash) => pool.drop(hash).catch(() => undefined)),
      ),
    );
  }

  /**
   * Records settled in blocks the chain no longer has are checked again, newest block first, down
   * to the first block still there (everything below it is too). In a block again (a
   * reorganisation re-included it): its block number is updated. Back in the pool: pending again,
   * and followed. Gone: `failed` with no block number, so that the history never calls confirmed
   * what the chain does not hold. Such a record is not resubmitted: after an `evm_revert` in a test
   * suite that would replay the reverted test's transactions into the next test. It is remembered
   * (`RewoundRecords`): should a later block hold it after all, the record is corrected.
   */
  async #recheckSettled(cause: ChainRewindCause) {
    for (const entries of this.#parts.settledOnChain.byBlockNewestFirst()) {
      const number = (entries[0] as SettledOnChain).blockNumber;
      // A reset leaves no block of the old chain: no need to ask.
      const hash = cause === "reset" ? null : await this.#parts.head.hashAt(number);
      const lost = entries.filter((entry) => entry.blockHash !== hash);
      if (lost.length === 0) break;
      await Promise.all(lost.map((entry) => this.#recheck(entry, cause)));
    }
  }

  async #recheck(entry: SettledOnChain, cause: ChainRewindCause) {
    const { ctx, followed, settledOnChain, settler } = this.#parts;
    const client = ctx.client;
    // Read before the entry is forgotten: when the node does not answer, the entry stays and the
    // recovery's next run (next tick) checks it again; the record is never failed on no answer.
    const receipt = cause === "reset" ? undefined : await lookUpReceipt(client, entry.hash);
    const inPool = cause === "reset" || receipt ? undefined : await lookUpTransaction(client, entry.hash);
    settledOnChain.forget(entry.recordId);
    if (receipt) {
      settledOnChain.remember({ ...entry, blockNumber: receipt.blockNumber, blockHash: receipt.blockHash });
      const { status, blockNumber } = receiptOutcome(receipt);
      await settler.updateRecord(entry.recordId, { status, blockNumber });
      return;
    }
    // Followed before anyone hears it is pending again.
    const watched = inPool
      ? followed.watch({ from: entry.from, nonce: entry.nonce, hash: entry.hash, sentAt: Date.now() })
      : undefined;
    const record = await settler.updateRecord(entry.recordId, {
      status: inPool ? "pending" : "failed",
      blockNumber: null,
    });
    if (!watched) {
      // Gone for now: if a block holds it later after all, the record is corrected then.
      if (record && cause === "revert") {
        const { recordId, from, nonce, hash } = entry;
        this.#parts.rewound.remember({ recordId, from, nonce, hashes: [hash] });
      }
      return;
    }
    if (record) await this.#parts.attach(watched, record);
    else followed.unwatch(watched);
  }
}

/**
 * The fees `watched` was last sent with: from its unsigned fields, else from its signed bytes
 * (a record adopted after a restart keeps only those); undefined when neither is at hand.
 */
function sentFees(watched: WatchedTransaction): TransactionFees | undefined {
  const sent = watched.request ?? (watched.serialized ? parseSigned(watched.serialized) : undefined);
  return sent === undefined ? undefined : requestFees(sent);
}

function parseSigned(serialized: Hex) {
  try {
    return parseTransaction(serialized);
  } catch {
    return undefined;
  }
}

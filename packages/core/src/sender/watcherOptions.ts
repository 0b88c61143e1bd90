import type { Address, LocalAccount } from "viem";
import type { ChainRewindCause } from "../chain/ChainHead.js";
import type { SentTransactionBodies } from "../chain/SentTransactionBodies.js";
import type { ErrorRecord } from "../errors/toErrorRecord.js";
import type { TransactionFees } from "../fees/feePolicy.js";
import type { RewindStep, TickStep } from "./watcherSteps.js";

export type TransactionWatcherOptions = {
  /** How often the node is polled for new blocks (HTTP transports). */
  pollingInterval: number;
  /** A transaction still pending this long (ms) is replaced with a higher fee. */
  replaceAfter: number;
  /** A transaction gone from the node's pool this long (ms) is marked failed. */
  dropAfter: number;
  /**
   * A tick's steps in another order than `TICK_STEPS`: for the tests that show each ordering
   * rule fails when two steps are swapped. Leave unset.
   */
  tickSteps?: readonly TickStep[] | undefined;
  /** The rewind recovery's steps in another order than `REWIND_STEPS`: for the same tests. */
  rewindSteps?: readonly RewindStep[] | undefined;
  /**
   * Called when the chain went back under the followed transactions: `reset` (a new genesis) or
   * `revert` (the last block seen is gone or different: `evm_revert`, a reorganisation), once the
   * watcher's records are recovered. The platform's other parts hear of it from the chain's head
   * (`ChainHead.watch`'s `onRewound`), after the same recovery.
   */
  onChainRewound?: ((cause: ChainRewindCause) => void) | undefined;
  /**
   * Where the value, nonce and input of each transaction followed (and each replacement) are left
   * for the explorer's index, which then reads its blocks from their receipts and headers alone.
   */
  sentBodies?: SentTransactionBodies | undefined;
  /**
   * After the chain went back: fills the nonce gaps of `from` below its transactions still in the
   * pool that the chain no longer has (see `NonceManager.fillGaps`), so that they can land.
   * Resolves with the nonces it could not fill; before that, with the address's sends still held
   * off, `abandon` runs with the lowest of them.
   */
  fillNonceGaps?:
    | ((
        from: Address,
        gaps: {
          pooled: number[];
          /** The fees each pooled transaction was last sent with (fillers are priced above them). */
          pooledFees: TransactionFees[];
          signer: () => Promise<LocalAccount | undefined>;
          abandon: (lowest: number) => Promise<void>;
        },
      ) => Promise<number[]>)
    | undefined;
};

/** What `platform.transactions.watcherStatus()` answers. */
export type TransactionWatcherStatus = {
  /** Transactions followed now (sent, not yet confirmed or failed). */
  following: number;
  /** Failed polls of the node (each is retried on the next block or timer tick). */
  errors: number;
  /** The last failed poll, or null. */
  lastError: ErrorRecord | null;
};

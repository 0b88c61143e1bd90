import type { PoolWallet } from "../controls/WalletPool.js";

/** The bot stopped while a send waited for its turn (see ThroughputGate). Not the bot's error. */
export class StoppedError extends Error {
  constructor() {
    super("The bot stopped before this send's turn came.");
  }
}

/** A tick begun before the chain went back tried to send. Not the bot's error: setup runs again first. */
export class OutdatedTickError extends Error {
  constructor() {
    super("The chain went back during this tick; the bot runs its setup again first.");
  }
}

/** What a tick's steps ask of the runner. */
export type TickFlow = {
  /**
   * Waits until the tick can pay for its sends: a wallet of the pool that can (answered), or the
   * bot's own funds (undefined). Returns early when the bot stops.
   */
  payForTick(): Promise<PoolWallet | undefined>;
  /** The loop runs. */
  running(): boolean;
  /** The chain went back since the tick began: what it works from (setup's state) is the old chain's. */
  outdated(): boolean;
  /** The definition's tick, as `wallet` (undefined: the bot's own key). */
  runTick(wallet: PoolWallet | undefined): Promise<void>;
};

/**
 * A tick's steps, in the order they run. The order is the rules:
 * - `payForTick` before `endIfStopped` and `refuseIfOutdated`: paying may wait (for a top-up, a
 *   pool's refill), and a stop or a rewind may come meanwhile; the tick then ends before it sends
 *   — one begun before the chain went back would send to a contract that is gone, taking the
 *   nonce the bot's new deployment is to have.
 */
export const TICK_STEPS = ["payForTick", "endIfStopped", "refuseIfOutdated", "runTick"] as const;

export type TickStep = (typeof TICK_STEPS)[number];

type TickReads = { wallet?: PoolWallet | undefined };

const TICK_STEP_RUNS: Record<TickStep, (flow: TickFlow, reads: TickReads) => Promise<"end" | undefined>> = {
  async payForTick(flow, reads) {
    reads.wallet = await flow.payForTick();
    return undefined;
  },
  async endIfStopped(flow) {
    return flow.running() ? undefined : "end";
  },
  async refuseIfOutdated(flow) {
    if (flow.outdated()) throw new OutdatedTickError();
    return undefined;
  },
  async runTick(flow, reads) {
    await flow.runTick(reads.wallet);
    return undefined;
  },
};

/**
 * Runs one tick: each step in `order` (the rules' order; a test swaps two to show a rule).
 * @throws {OutdatedTickError} when the chain went back before it could send.
 */
export async function runTickSteps(flow: TickFlow, order: readonly TickStep[] = TICK_STEPS): Promise<void> {
  const reads: TickReads = {};
  for (const step of order) {
    if ((await TICK_STEP_RUNS[step](flow, reads)) === "end") return;
  }
}

/** What a tick's send asks of the runner. */
export type SendFlow<Sent> = {
  /** See {@link TickFlow.outdated}. */
  outdated(): boolean;
  /** Waits for the throughput gate's release; false once the bot stopped. */
  takeTurn(): Promise<boolean>;
  /**
   * With a wallet pool, the bot's own key sends too (an owner's mint for a wallet): it waits for
   * the bot's own funds. Nothing for a wallet's send.
   */
  fundOwnKey(): Promise<void>;
  /** Sends; `check` runs once the gas is estimated, before anything is spent or sent. */
  submit(check: () => void): Promise<Sent>;
};

/**
 * A tick's send, in the order it runs. The order is the rules:
 * - `refuseIfOutdated` before `waitForTurn`: a send the chain's going back made useless takes no
 *   release of the throughput gate.
 * - `waitForTurn` and `fundOwnKey` before `recheckOutdated`: both may wait, and the chain may go
 *   back meanwhile; the send is refused then, before it takes a nonce (`submit` looks once more
 *   after estimating its gas).
 */
export const SEND_STEPS = [
  "refuseIfOutdated",
  "waitForTurn",
  "fundOwnKey",
  "recheckOutdated",
  "submit",
] as const;

export type SendStep = (typeof SEND_STEPS)[number];

/**
 * Runs one send of a tick: each step in `order` (the rules' order; a test swaps two).
 * @throws {OutdatedTickError} when the chain went back before it was sent.
 * @throws {StoppedError} when the bot stopped while it waited for its turn.
 */
export async function runSendSteps<Sent>(
  flow: SendFlow<Sent>,
  order: readonly SendStep[] = SEND_STEPS,
): Promise<Sent> {
  const refuseIfOutdated = () => {
    if (flow.outdated()) throw new OutdatedTickError();
  };
  let sent: { value: Sent } | undefined;
  for (const step of order) {
    switch (step) {
      case "refuseIfOutdated":
      case "recheckOutdated":
        refuseIfOutdated();
        break;
      case "waitForTurn":
        if (!(await flow.takeTurn())) throw new StoppedError();
        break;
      case "fundOwnKey":
        await flow.fundOwnKey();
        break;
      case "submit":
        sent = { value: await flow.submit(refuseIfOutdated) };
        break;
    }
  }
  if (!sent) throw new Error(`A send's steps must end with "submit", got ${order.join(", ")}.`);
  return sent.value;
}

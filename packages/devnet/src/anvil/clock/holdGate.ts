import type { RelayAnswer, RelayLink, RelayNext, RelayRequest } from "./relayTypes.js";

/** The devnet port's hold: two links, one at each end of the chain, and the switch. */
export type HoldGate = {
  /**
   * Closes the gate: requests wait at {@link HoldGate.wait}. Resolves once every request already
   * past it has its answer (those at anvil are answered first).
   */
  hold(): Promise<void>;
  /** Opens the gate: the requests waiting go on, in the order they came. */
  release(): void;
  /** The chain's first link: while the gate is closed, a request waits for it to open. */
  wait: RelayLink;
  /** The chain's last link: counts the requests at anvil, which {@link HoldGate.hold} waits for. */
  count: RelayLink;
};

/**
 * `privnet_faults_hold` / `release` (through `ClockRelay.hold`): while held, no request
 * reaches anvil, and the hold begins once those at anvil are answered, so that clients see the
 * chain before and after what happens meanwhile (a reorganisation of many calls), never half.
 *
 * @example
 * const gate = createHoldGate();
 * const chain = composeRelay([gate.wait, …, gate.count]);
 * await gate.hold(); // nothing at anvil, nothing goes
 * gate.release();
 */
export function createHoldGate(): HoldGate {
  let closed: Promise<void> | undefined;
  let open: (() => void) | undefined;
  let drained: (() => void)[] = [];
  /** Requests past the gate at anvil, not answered yet. */
  let atAnvil = 0;
  const check = () => {
    if (atAnvil > 0 || drained.length === 0) return;
    const waiting = drained;
    drained = [];
    for (const resolve of waiting) resolve();
  };
  const answered = (answer: RelayAnswer) => {
    atAnvil--;
    check();
    return answer;
  };
  return {
    hold() {
      closed ??= new Promise<void>((resolve) => {
        open = resolve;
      });
      return new Promise<void>((resolve) => {
        drained.push(resolve);
        check();
      });
    },
    release() {
      const opening = open;
      closed = undefined;
      open = undefined;
      opening?.();
    },
    wait: {
      name: "hold gate",
      reads: [],
      handle: (request: RelayRequest, next: RelayNext) =>
        closed ? closed.then(() => next(request)) : next(request),
    },
    count: {
      name: "hold gate (at anvil)",
      reads: [],
      handle(request: RelayRequest, next: RelayNext) {
        atAnvil++;
        return next(request).then(answered, (error: unknown) => {
          answered(ANSWER_LOST);
          throw error;
        });
      },
    },
  };
}

const ANSWER_LOST: RelayAnswer = { from: "nobody" };

/** What came back for one submission: the node answered it (accepted or refused), or it did not. */
export type NodeAnswer = "answered" | "no-answer";

/** The window starts here (or at `maxInFlight` when that is lower). */
export const WINDOW_START = 64;
/** The window never shrinks below this (or below `maxInFlight` when that is lower). */
export const WINDOW_FLOOR = 16;
/** A sample's latency at most this many times the reference counts as "near" it: grow. */
export const GROW_WITHIN = 1.25;
/** A sample's latency above this many times the reference is queueing at the node: shrink. */
export const SHRINK_ABOVE = 1.5;
/** A shrink moves this share of the way to its target, so that one slow sample does not halve it. */
export const SHRINK_SMOOTHING = 0.5;
/** The reference is the lowest sample latency of this many last samples; older ones are forgotten. */
export const REFERENCE_SAMPLES = 30;
/** Fewest answers in one sample (a sample is otherwise one window's worth of answers). */
export const MIN_SAMPLE_ANSWERS = 8;

export type AdaptiveWindowOptions = {
  /** The window's upper bound. At most {@link WINDOW_FLOOR}, the window stays fixed at it. */
  maxInFlight: number;
  /** The clock round trips are measured with, in milliseconds. Default: `performance.now()`. */
  now?: () => number;
};

/** How many submissions of one address may be at the node at once, learned from its answers. */
export type AdaptiveWindow = {
  /** The current window: an integer between `min` and `max`. */
  readonly size: number;
  readonly min: number;
  readonly max: number;
  /**
   * A submission leaves for the node now. Call what this returns once, when it is over: with
   * "answered" when the node answered (a refusal such as "nonce too low" is an answer), with
   * "no-answer" when it timed out or the node was unreachable, with nothing when it ended
   * otherwise (it then teaches the window nothing).
   */
  start(): (answer?: NodeAnswer) => void;
};

/**
 * A window of submissions in flight that follows the node's latency (a gradient rule, in the
 * spirit of TCP Vegas): more at the node while it answers as fast as it did at its best, fewer
 * once answers slow down, because then the extra submissions only wait in the node's queue.
 *
 * - Every answered submission's round trip is a sample. One window's worth of answers (at least
 *   {@link MIN_SAMPLE_ANSWERS}) makes a sample window, whose latency is the median of its round
 *   trips.
 * - A sample window teaches something only when the window was the limit during it (a send found
 *   it full): a sender that sends slowly neither inflates nor deflates it, and its fast answers
 *   at low load do not become the reference for full windows.
 * - The reference is the lowest latency of the last {@link REFERENCE_SAMPLES} sample windows: a
 *   node that slows for good (growing blocks) becomes the new reference once the older samples
 *   are forgotten.
 * - Latency within {@link GROW_WITHIN} × the reference: the window grows by √window (the
 *   queue it allows itself to probe with: 8 at 64, 16 at 256). Above {@link SHRINK_ABOVE} ×:
 *   it moves {@link SHRINK_SMOOTHING} of the way to window × reference / latency (at most
 *   halved as a target), the window that would have answered at the reference. In between: it
 *   holds.
 * - A submission the node did not answer (timeout, unreachable) halves the window at once; the
 *   other submissions already at the node by then do not halve it again, and their answers are
 *   left out of the next sample window.
 *
 * Bounds: between min({@link WINDOW_FLOOR}, maxInFlight) and maxInFlight; it starts at
 * min({@link WINDOW_START}, maxInFlight). With `maxInFlight` 16 or less it never moves.
 *
 * @example
 * const window = createAdaptiveWindow({ maxInFlight: 512 });
 * const done = window.start();
 * done(await send().then(() => "answered" as const, () => "no-answer" as const));
 */
export function createAdaptiveWindow(options: AdaptiveWindowOptions): AdaptiveWindow {
  const now = options.now ?? (() => performance.now());
  const max = options.maxInFlight;
  const min = Math.min(WINDOW_FLOOR, max);
  const state: WindowState = {
    bounds: { min, max },
    limit: Math.min(WINDOW_START, max),
    inFlight: 0,
    started: 0,
    halvedAfter: 0,
    full: false,
    roundTrips: [],
    latencies: [],
  };
  return {
    get size() {
      return windowSize(state);
    },
    min,
    max,
    start() {
      const number = leave(state);
      const startedAt = now();
      let over = false;
      return (answer) => {
        if (over) return;
        over = true;
        state.inFlight--;
        // A window with no room to move learns nothing.
        if (min === max) return;
        if (answer === "answered") learnRoundTrip(state, number, now() - startedAt);
        else if (answer === "no-answer") halve(state, number);
      };
    },
  };
}

/** What an adaptive window keeps between submissions. */
type WindowState = {
  readonly bounds: { min: number; max: number };
  /** The window, unrounded: it grows and shrinks by fractions. */
  limit: number;
  inFlight: number;
  /** Submissions started so far; each one's number tells whether it left before the last halving. */
  started: number;
  halvedAfter: number;
  /** A send found the window full during the current sample window. */
  full: boolean;
  /** The current sample window's round trips. */
  roundTrips: number[];
  /** The last {@link REFERENCE_SAMPLES} sample windows' latencies. */
  latencies: number[];
};

const windowSize = (state: WindowState) => Math.floor(state.limit);

const bounded = ({ bounds }: WindowState, value: number) => Math.min(bounds.max, Math.max(bounds.min, value));

/** A submission leaves for the node: its number. */
function leave(state: WindowState): number {
  state.inFlight++;
  if (state.inFlight >= windowSize(state)) state.full = true;
  return ++state.started;
}

/** The node answered submission `number` after `roundTrip` ms: one more for the sample window. */
function learnRoundTrip(state: WindowState, number: number, roundTrip: number) {
  // Sent before the last halving: it measured the window before it.
  if (number <= state.halvedAfter) return;
  state.roundTrips.push(roundTrip);
  if (state.roundTrips.length >= Math.max(windowSize(state), MIN_SAMPLE_ANSWERS)) closeSample(state);
}

/** The node did not answer submission `number`: halve, once for everything at the node then. */
function halve(state: WindowState, number: number) {
  // The halving that came after it left already answered for everything at the node then.
  if (number <= state.halvedAfter) return;
  state.halvedAfter = state.started;
  state.limit = bounded(state, state.limit / 2);
  newSample(state);
}

function newSample(state: WindowState) {
  state.roundTrips = [];
  state.full = state.inFlight >= windowSize(state);
}

/** A sample window is complete: when the window was the limit during it, its latency moves it. */
function closeSample(state: WindowState) {
  const wasFull = state.full;
  const latency = median(state.roundTrips);
  newSample(state);
  if (!wasFull) return;
  state.latencies.push(latency);
  if (state.latencies.length > REFERENCE_SAMPLES) state.latencies.shift();
  state.limit = bounded(state, nextLimit(state.limit, latency, Math.min(...state.latencies)));
}

/** Grow by √window near the reference, move towards window × reference / latency well above it. */
function nextLimit(limit: number, latency: number, reference: number): number {
  const ratio = reference > 0 ? latency / reference : latency > 0 ? Number.POSITIVE_INFINITY : 1;
  if (ratio <= GROW_WITHIN) return limit + Math.sqrt(limit);
  if (ratio <= SHRINK_ABOVE) return limit;
  const target = limit * Math.max(0.5, 1 / ratio);
  return limit + SHRINK_SMOOTHING * (target - limit);
}

function median(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

/**
 * A window that stays at `size` whatever the node answers: the sender's default, `maxInFlight`.
 *
 * @example
 * const window = createFixedWindow(64);
 */
export function createFixedWindow(size: number): AdaptiveWindow {
  return { size, min: size, max: size, start: () => () => undefined };
}

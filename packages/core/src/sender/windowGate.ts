import { type AdaptiveWindow, createFixedWindow, type NodeAnswer } from "./adaptiveWindow.js";

/** One submission's place at the node; `leave` gives it back, with what the node answered. */
export type NodeTurn = { leave(answer?: NodeAnswer): void };

/** Lets submissions to the node in while the window has room (see {@link createWindowGate}). */
export type NodeGate = { enter(): Promise<NodeTurn> };

/**
 * Lets at most `window.size` submissions between `enter()` and `leave()`; the rest wait in order.
 * The window changes only when a submission leaves with its answer, so the gate looks again then:
 * a window that grew lets as many waiting ones in at once as it now holds; one that shrank lets
 * those inside finish and admits the next only once fewer than its new size are inside.
 *
 * @example
 * const atNode = createWindowGate(createAdaptiveWindow({ maxInFlight: 512 }));
 * const turn = await atNode.enter();
 * let answer: NodeAnswer | undefined;
 * try { await send(); answer = "answered"; } finally { turn.leave(answer); }
 */
export function createWindowGate(window: AdaptiveWindow): NodeGate {
  let inside = 0;
  const waiting: ((turn: NodeTurn) => void)[] = [];

  function admit(): NodeTurn {
    inside++;
    const over = window.start();
    let left = false;
    return {
      leave(answer) {
        if (left) return;
        left = true;
        inside--;
        over(answer);
        while (waiting.length > 0 && inside < window.size) waiting.shift()?.(admit());
      },
    };
  }

  return {
    enter() {
      if (waiting.length === 0 && inside < window.size) return Promise.resolve(admit());
      return new Promise((resolve) => waiting.push(resolve));
    },
  };
}

/** A gate of one at a time, for single submissions outside a hold's window (gap fillers). */
export function createSingleGate(): NodeGate {
  return createWindowGate(createFixedWindow(1));
}

/**
 * A limit on what is inside at once (see {@link createGate}, {@link createBatchGate}). `enter()`
 * resolves, once the caller may go in, with the function it calls to leave.
 */
export type Gate = { enter(): Promise<() => void> };

/**
 * Lets at most `size` callers in at once; the rest wait in order.
 *
 * @example
 * const one = createGate(1);
 * const leave = await one.enter();
 * try { await send(); } finally { leave(); }
 */
export function createGate(size: number): Gate {
  return createBatchGate({ maxInside: size, maxGroups: size, groupSize: 1 });
}

export type BatchGateOptions = {
  /** Most callers inside at once (transactions at the node). */
  maxInside: number;
  /** Most groups inside at once (JSON-RPC batch requests at the node). */
  maxGroups: number;
  /** Most callers in one group (transactions in one batch request). */
  groupSize: number;
};

type Group = { members: number; open: boolean };

/**
 * Lets callers in by groups: those that go in during one turn of the event loop form a group (one
 * JSON-RPC batch request, since viem batches the calls made in one turn), at most `maxGroups`
 * groups and `maxInside` callers are inside at once, and when a group has left, the callers that
 * waited meanwhile go in together as the next one. Callers that arrive one by one (HTTP requests)
 * therefore reach the node in as few requests as callers queued all at once do: while the node
 * is busy they gather, instead of each leaving in a batch of its own.
 *
 * @example
 * const atNode = createBatchGate({ maxInside: 64, maxGroups: 2, groupSize: 100 });
 * const leave = await atNode.enter();
 * try { await submit(); } finally { leave(); }
 */
export function createBatchGate(options: BatchGateOptions): Gate {
  const { maxInside, maxGroups, groupSize } = options;
  let inside = 0;
  let groups = 0;
  let forming: Group | undefined;
  const waiting: ((leave: () => void) => void)[] = [];

  /** Takes the caller into `group` and answers how it leaves. */
  const admit = (group: Group) => {
    inside++;
    group.members++;
    if (group.members >= groupSize) group.open = false;
    let left = false;
    return () => {
      if (left) return;
      left = true;
      inside--;
      if (--group.members === 0 && !group.open) {
        groups--;
        release();
      } else if (waiting.length > 0 && groups < maxGroups) {
        release();
      }
    };
  };
  /** A new group, joinable until the end of this turn of the event loop (or until full). */
  const openGroup = (): Group => {
    const group: Group = { members: 0, open: true };
    groups++;
    forming = group;
    setImmediate(() => {
      group.open = false;
      if (forming === group) forming = undefined;
      // Everyone left before the turn ended: the group is done.
      if (group.members === 0) {
        groups--;
        release();
      }
    });
    return group;
  };
  const joinable = () => forming?.open === true && inside < maxInside;
  /** Lets in as many waiting callers as the limits allow, together. */
  const release = () => {
    while (waiting.length > 0 && inside < maxInside && (joinable() || groups < maxGroups)) {
      const group = joinable() ? (forming as Group) : openGroup();
      const next = waiting.shift() as (leave: () => void) => void;
      next(admit(group));
    }
  };

  return {
    enter() {
      if (waiting.length === 0 && inside < maxInside && (joinable() || groups < maxGroups)) {
        return Promise.resolve(admit(joinable() ? (forming as Group) : openGroup()));
      }
      return new Promise((resolve) => waiting.push(resolve));
    },
  };
}

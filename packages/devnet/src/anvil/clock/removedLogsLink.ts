import type { AnvilRpc } from "./createDevnetClock.js";
import type { RelayAnswer, RelayConnection, RelayLink, RelayNext, RelayRequest } from "./relayTypes.js";
import {
  isRollback,
  type LogSubscription,
  logsAtRisk,
  logsFilterOf,
  matches,
  type RelayLogSubscriptions,
  removedNotification,
  removedOf,
  rollbackDepth,
} from "./removedLogs.js";

/**
 * What anvil does not give log subscriptions: when `anvil_rollback` or `anvil_reorg` takes blocks
 * off the head (asked on any connection), every `eth_subscribe("logs")` subscriber whose filter
 * matches gets those blocks' logs again with `removed: true`, newest first, before any log of the
 * new branch. It follows each WebSocket connection's log subscriptions (their ids from anvil's
 * answers, their `eth_unsubscribe`, their connection's end).
 */
export function removedLogsLink(rpc: AnvilRpc): RelayLink {
  const logs: RelayLogSubscriptions = { subscriptions: new Set(), pausable: new Set() };
  const byConnection = new Map<RelayConnection, Set<LogSubscription>>();

  const subscribed = (connection: RelayConnection, subscription: LogSubscription) => {
    let own = byConnection.get(connection);
    if (!own) {
      own = new Set();
      byConnection.set(connection, own);
      connection.onClose(() => {
        for (const gone of byConnection.get(connection) ?? []) logs.subscriptions.delete(gone);
        byConnection.delete(connection);
        logs.pausable.delete(connection.stream);
      });
    }
    own.add(subscription);
    logs.subscriptions.add(subscription);
    logs.pausable.add(connection.stream);
  };
  const unsubscribed = (connection: RelayConnection, id: string) => {
    const own = byConnection.get(connection);
    if (!own) return;
    for (const subscription of own)
      if (subscription.id.toLowerCase() === id) {
        own.delete(subscription);
        logs.subscriptions.delete(subscription);
      }
    if (own.size === 0) logs.pausable.delete(connection.stream);
  };
  /** Follows this connection's log subscriptions: their ids (anvil's answers) and their end. */
  const follow = ({ calls, connection }: RelayRequest) => {
    for (const call of calls) {
      const filter = logsFilterOf(call);
      if (filter && call.id !== undefined && call.id !== null) {
        void connection.answerOf(call.id).then((answer) => {
          if (typeof answer?.result !== "string") return;
          subscribed(connection, { id: answer.result, filter, deliver: (m) => connection.deliver(m) });
        });
      } else if (call.method === "eth_unsubscribe")
        unsubscribed(connection, String(call.params[0]).toLowerCase());
    }
  };

  /**
   * A rollback while log subscriptions are open: the logs of the blocks it may take off are read
   * first; subscribers' streams from anvil pause while it goes through; then each subscriber gets
   * those of its logs whose blocks are gone, with `removed: true`, before anything anvil sent
   * meanwhile (the new branch's logs, for `anvil_reorg`).
   */
  const withRemovedLogs = async (request: RelayRequest, next: RelayNext): Promise<RelayAnswer> => {
    const { calls, connection } = request;
    const atRisk = await logsAtRisk(rpc, rollbackDepth(calls)).catch(() => []);
    const watched = [...logs.subscriptions].filter((subscription) =>
      atRisk.some((log) => matches(subscription.filter, log)),
    );
    if (watched.length === 0) return next(request);
    const streams = [...logs.pausable];
    for (const subscriber of streams) subscriber.pause();
    try {
      const last = calls.filter(isRollback).at(-1)?.id;
      const rolledBack =
        request.transport === "websocket" && last !== undefined && last !== null
          ? connection.answerOf(last)
          : undefined;
      const answer = await next(request);
      await rolledBack;
      try {
        const removed = await removedOf(rpc, atRisk);
        for (const subscription of watched) {
          if (!logs.subscriptions.has(subscription)) continue;
          const own = removed.filter((log) => matches(subscription.filter, log));
          if (own.length > 0)
            subscription.deliver(own.map((log) => removedNotification(subscription.id, log)));
        }
      } catch {
        // anvil could not be read: the rollback went through without removed logs.
      }
      return answer;
    } finally {
      for (const subscriber of streams) subscriber.resume();
    }
  };

  return {
    name: "removed logs",
    reads: ["eth_subscribe", "eth_unsubscribe", "anvil_rollback", "anvil_reorg"],
    handle(request, next) {
      if (request.calls.length === 0) return next(request);
      if (request.transport === "websocket") follow(request);
      if (logs.subscriptions.size > 0 && request.calls.some(isRollback))
        return withRemovedLogs(request, next);
      return next(request);
    },
  };
}

import { describe, expect, test } from "vitest";
import type { AnvilRpc } from "./createDevnetClock.js";
import { fakeAnvil, fakeConnection, requestOf, settle } from "./fixtures/relayRequests.js";
import type { RelayLink } from "./relayTypes.js";
import type { RpcLog } from "./removedLogs.js";
import { removedLogsLink } from "./removedLogsLink.js";

const a = "0x00000000000000000000000000000000000000aa";
const b = "0x00000000000000000000000000000000000000bb";
const hash = (digit: string) => `0x${digit.repeat(64)}`;
const logAt = (block: number, index: number, address: string): RpcLog => ({
  address,
  topics: [],
  blockNumber: `0x${block.toString(16)}`,
  blockHash: hash(String(block)),
  logIndex: `0x${index.toString(16)}`,
});

/**
 * A chain of five blocks as the link reads it (head, logs, blocks by number), which a rollback
 * passed to `next` shortens to three.
 */
function fiveBlocks() {
  const logs = [logAt(4, 0, a), logAt(5, 0, a), logAt(5, 1, b)];
  let head = 5;
  const rpc: AnvilRpc = async <T>(method: string, params: unknown[]) => {
    if (method === "eth_blockNumber") return `0x${head.toString(16)}` as T;
    if (method === "eth_getLogs") return logs as T;
    const number = Number(params[0]);
    return (number <= head ? { hash: hash(String(number)) } : null) as T;
  };
  return { rpc, rollBack: (depth: number) => (head -= depth) };
}

/** A WebSocket connection subscribed to logs matching `filter`, as anvil answered `id`. */
async function subscribe(link: RelayLink, filter: object, id: string) {
  const connection = fakeConnection();
  const request = requestOf([{ method: "eth_subscribe", params: ["logs", filter] }], {
    transport: "websocket",
    connection: connection.connection,
  });
  await link.handle(request, fakeAnvil({ immediate: true }).next);
  connection.answer(1, id);
  await settle();
  return connection;
}

describe("the removed logs link", () => {
  test("after a rollback, each subscriber gets its logs of the blocks gone, removed, newest first", async () => {
    const chain = fiveBlocks();
    const link = removedLogsLink(chain.rpc);
    const first = await subscribe(link, { address: a }, "0x1");
    const second = await subscribe(link, { address: b }, "0x2");
    const unmatched = await subscribe(link, { address: "0x00000000000000000000000000000000000000cc" }, "0x3");
    const anvil = fakeAnvil();
    const rolledBack = link.handle(requestOf([{ method: "anvil_rollback", params: [2] }]), anvil.next);
    await settle();
    // anvil has it; every subscriber's stream waits, and nothing is sent yet.
    expect(anvil.received).toHaveLength(1);
    expect(first.trail).toEqual(["pause"]);
    chain.rollBack(2);
    anvil.answerAll();
    await rolledBack;
    const removed = (connection: { delivered: string[] }) =>
      connection.delivered.map((text) => JSON.parse(text).params);
    expect(removed(first)).toEqual([
      { subscription: "0x1", result: { ...logAt(5, 0, a), removed: true } },
      { subscription: "0x1", result: { ...logAt(4, 0, a), removed: true } },
    ]);
    expect(removed(second)).toEqual([{ subscription: "0x2", result: { ...logAt(5, 1, b), removed: true } }]);
    expect(unmatched.delivered).toEqual([]);
    // The removed logs go out before anvil's messages resume.
    expect(first.trail).toEqual(["pause", "deliver 2", "resume"]);
    expect(unmatched.trail).toEqual(["pause", "resume"]);
  });

  test("over a WebSocket the removed logs wait for anvil's answer to the rollback itself", async () => {
    const chain = fiveBlocks();
    const link = removedLogsLink(chain.rpc);
    const subscriber = await subscribe(link, { address: a }, "0x1");
    const asking = fakeConnection();
    const rolledBack = link.handle(
      requestOf([{ method: "anvil_rollback", params: [1], id: 9 }], {
        transport: "websocket",
        connection: asking.connection,
      }),
      fakeAnvil({ immediate: true }).next,
    );
    chain.rollBack(1);
    await settle();
    expect(subscriber.delivered).toEqual([]);
    asking.answer(9, null);
    await rolledBack;
    expect(subscriber.delivered).toHaveLength(1);
  });

  test("an unsubscribed or closed subscription gets nothing, and its stream is left alone", async () => {
    const chain = fiveBlocks();
    const link = removedLogsLink(chain.rpc);
    const unsubscribed = await subscribe(link, { address: a }, "0xAB");
    const closed = await subscribe(link, { address: a }, "0x2");
    await link.handle(
      requestOf([{ method: "eth_unsubscribe", params: ["0xab"] }], {
        transport: "websocket",
        connection: unsubscribed.connection,
      }),
      fakeAnvil({ immediate: true }).next,
    );
    closed.close();
    const anvil = fakeAnvil({ immediate: true });
    chain.rollBack(2);
    await link.handle(requestOf([{ method: "anvil_rollback", params: [2] }]), anvil.next);
    expect(anvil.received).toHaveLength(1);
    expect([...unsubscribed.trail, ...closed.trail]).toEqual([]);
  });

  test("with no subscription open a rollback goes straight on, reading nothing", async () => {
    let reads = 0;
    const link = removedLogsLink(async () => {
      reads++;
      return [] as never;
    });
    const anvil = fakeAnvil({ immediate: true });
    await link.handle(requestOf([{ method: "anvil_reorg", params: [2, []] }]), anvil.next);
    expect(anvil.received).toHaveLength(1);
    expect(reads).toBe(0);
  });
});

import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { ChainFaultEvent } from "@privnet/core";
import {
  createPublicClient,
  createWalletClient,
  type Hash,
  type Hex,
  http,
  numberToHex,
  padHex,
  parseGwei,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import { type Devnet, startDevnet } from "../anvil/startDevnet.js";
import { type FaultRpc, faultRpc } from "./faultRpc.js";
import { reorg } from "./reorg.js";

/** Runtime `LOG0(0, 0)`: every call emits one log. */
const emitterRuntime = "60006000a000";
/** Runtime: `return blockhash(calldataload(0))`. */
const blockhashRuntime = "600035406000526020" + "6000f3";
const deployCode = (runtime: string): Hex => {
  const length = (runtime.length / 2).toString(16).padStart(2, "0");
  return `0x60${length}600c60003960${length}6000f3${runtime}`;
};

let devnet: Devnet;
let client: ReturnType<typeof createPublicClient>;
let wallets: ReturnType<typeof createWalletClient>[];
let emitter: Hex;
let reader: Hex;
const events: ChainFaultEvent[] = [];
const rpc = <T>(method: string, params: unknown[] = []) =>
  client.request({ method: method as "eth_chainId", params: params as never }) as Promise<T>;
const pending = async () => {
  const pool = await rpc<{ pending: Record<string, Record<string, { hash: Hash }>> }>("txpool_content");
  return Object.values(pool.pending).flatMap((byNonce) => Object.values(byNonce).map((tx) => tx.hash));
};

beforeAll(async () => {
  devnet = await startDevnet({ port: 0, blockTime: 0 });
  devnet.faults.subscribe((event) => events.push(event));
  client = createPublicClient({ chain: devnet.chain, transport: http(devnet.rpcUrl, { retryCount: 0 }) });
  wallets = [1, 2].map((index) =>
    createWalletClient({
      account: privateKeyToAccount(devnet.accounts[index]?.privateKey as Hex),
      chain: devnet.chain,
      transport: http(devnet.rpcUrl),
    }),
  );
  const deploy = async (runtime: string) =>
    (
      await client.waitForTransactionReceipt({
        hash: await (wallets[0] as (typeof wallets)[0]).sendTransaction({
          account: wallets[0]?.account ?? null,
          chain: devnet.chain,
          data: deployCode(runtime),
        }),
      })
    ).contractAddress as Hex;
  emitter = await deploy(emitterRuntime);
  reader = await deploy(blockhashRuntime);
});
// A test that failed half-way must not leave its timed fault under way for the next ones.
afterEach(() => devnet.faults.recover());
afterAll(() => devnet?.stop());

/** One transaction to the log emitter from wallet `index`, mined (automine). */
async function emit(index = 0): Promise<Hash> {
  const wallet = wallets[index] as (typeof wallets)[0];
  const hash = await wallet.sendTransaction({
    account: wallet.account ?? null,
    chain: devnet.chain,
    to: emitter,
  });
  await client.waitForTransactionReceipt({ hash });
  return hash;
}

type SubscribedLog = { blockHash: Hash; transactionHash: Hash; removed: boolean };

/** A WebSocket to the devnet's port with log subscriptions on it (anvil's answers, in order). */
async function logSocket() {
  const socket = new WebSocket(devnet.wsUrl);
  await new Promise((resolve) => socket.addEventListener("open", resolve, { once: true }));
  const bySubscription = new Map<string, SubscribedLog[]>();
  const answers = new Map<number, (result: unknown) => void>();
  let changed = () => {};
  socket.addEventListener("message", (event) => {
    const message = JSON.parse(String(event.data));
    if (message.method === "eth_subscription") {
      const { subscription, result } = message.params;
      bySubscription.set(subscription, [...(bySubscription.get(subscription) ?? []), result]);
      changed();
    } else answers.get(message.id)?.(message.error ?? message.result);
  });
  let nextId = 0;
  const call = (method: string, params: unknown[]) => {
    const id = ++nextId;
    return new Promise<unknown>((resolve) => {
      answers.set(id, resolve);
      socket.send(JSON.stringify({ jsonrpc: "2.0", id, method, params }));
    });
  };
  return {
    call,
    subscribe: async (filter: object) => String(await call("eth_subscribe", ["logs", filter])),
    logs: (subscription: string) => bySubscription.get(subscription) ?? [],
    arrived: (subscription: string, count: number) =>
      new Promise<void>((resolve) => {
        changed = () => (bySubscription.get(subscription)?.length ?? 0) >= count && resolve();
        changed();
      }),
    close: () => socket.close(),
  };
}

async function blockhashFromEvm(number: bigint): Promise<Hex | undefined> {
  return (await client.call({ to: reader, data: padHex(numberToHex(number)) })).data;
}

describe("reorg", () => {
  test.each([1, 3, 10])(
    "depth %i: new hashes, BLOCKHASH agrees, orphaned transactions mined again",
    async (depth) => {
      const sent: Hash[] = [];
      for (let index = 0; index < depth; index++) sent.push(await emit(index % 2));
      const head = await client.getBlockNumber({ cacheTime: 0 });

      const result = await devnet.faults.reorg({ depth });

      expect(result.oldHead.number).toBe(head);
      expect(result.newHead.number).toBeGreaterThanOrEqual(head);
      expect(result.replaced).toHaveLength(depth);
      expect(result.orphaned).toEqual(sent);
      expect(result.remined).toEqual(sent);
      expect(result.dropped).toEqual([]);
      // One more block so that BLOCKHASH reaches every replaced height, the old head's too.
      await rpc("evm_mine");
      for (const { number, oldHash, newHash } of result.replaced) {
        const block = await client.getBlock({ blockNumber: number });
        expect(newHash).not.toBe(oldHash);
        expect(block.hash).toBe(newHash);
        expect(await blockhashFromEvm(number)).toBe(newHash);
      }
      for (const hash of sent) {
        const receipt = await client.getTransactionReceipt({ hash });
        expect((await client.getBlock({ blockNumber: receipt.blockNumber })).hash).toBe(receipt.blockHash);
        expect(receipt.blockNumber).toBeGreaterThan(head - BigInt(depth));
      }
      expect(events.at(-1)).toMatchObject({ type: "reorged", depth, orphaned: sent });
      // Timestamps still increase, and the devnet still automines.
      const blocks = await Promise.all(
        Array.from({ length: depth + 2 }, (_, index) =>
          client.getBlock({ blockNumber: head - BigInt(depth) + BigInt(index) }),
        ),
      );
      for (let index = 1; index < blocks.length; index++)
        expect(blocks[index]?.timestamp).toBeGreaterThan(blocks[index - 1]?.timestamp as bigint);
      await emit();
    },
  );

  test.each([1, 3])(
    "depth %i: a log subscriber gets each orphaned log back with removed: true, newest first, then the new branch's",
    async (depth) => {
      const socket = await logSocket();
      const [matching, either, unmatched, otherAddress] = await Promise.all([
        socket.subscribe({ address: emitter }),
        socket.subscribe({ address: [reader, emitter], topics: [] }),
        // LOG0: a filter asking for a first topic matches none of the emitter's logs.
        socket.subscribe({ address: emitter, topics: [padHex("0x01")] }),
        socket.subscribe({ address: reader }),
      ]);
      const sent: Hash[] = [];
      for (let index = 0; index < depth; index++) sent.push(await emit(index % 2));
      await socket.arrived(matching, depth);

      const { replaced } = await devnet.faults.reorg({ depth });

      // In order on one socket: the removed logs, then the re-mined ones.
      await socket.arrived(matching, 3 * depth);
      await socket.arrived(either, 3 * depth);
      const logs = socket.logs(matching);
      const old = logs.slice(0, depth);
      const removed = logs.slice(depth, 2 * depth);
      const remined = logs.slice(2 * depth);
      expect(old.map((log) => log.removed)).toEqual(old.map(() => false));
      expect(removed).toEqual([...old].reverse().map((log) => ({ ...log, removed: true })));
      expect(remined.map((log) => log.transactionHash)).toEqual(sent);
      expect(remined.map((log) => log.removed)).toEqual(sent.map(() => false));
      expect(remined.map((log) => log.blockHash)).toEqual(replaced.map(({ newHash }) => newHash));
      expect(old.map((log) => log.blockHash)).toEqual(replaced.map(({ oldHash }) => oldHash));
      expect(socket.logs(either)).toEqual(logs);
      expect(socket.logs(unmatched)).toEqual([]);
      expect(socket.logs(otherAddress)).toEqual([]);
      socket.close();
    },
  );

  test("removed logs stop with eth_unsubscribe and reach a subscriber that rolls back itself", async () => {
    const socket = await logSocket();
    const [kept, dropped] = await Promise.all([
      socket.subscribe({ address: emitter }),
      socket.subscribe({ address: emitter }),
    ]);
    await emit();
    await socket.arrived(kept, 1);
    expect(await socket.call("eth_unsubscribe", [dropped])).toBe(true);
    // anvil_rollback on the subscriber's own connection: the removed log comes before its answer.
    expect(await socket.call("anvil_rollback", [1])).toBeNull();
    const logs = socket.logs(kept);
    expect(logs).toHaveLength(2);
    expect(logs[1]).toEqual({ ...logs[0], removed: true });
    expect(socket.logs(dropped)).toHaveLength(1);
    socket.close();
    await emit();
  });

  test("extraBlocks makes the new branch longer; reorder keeps each sender's order", async () => {
    const sent = [await emit(0), await emit(1), await emit(0), await emit(1)];
    const head = await client.getBlockNumber({ cacheTime: 0 });
    const result = await devnet.faults.reorg({ depth: 4, extraBlocks: 2, reorder: true });
    expect(result.newHead.number).toBe(head + 2n);
    expect([...result.remined].sort()).toEqual([...sent].sort());
    const [a, b] = await Promise.all(
      [sent[0], sent[2]].map((hash) => client.getTransactionReceipt({ hash: hash as Hash })),
    );
    expect(a?.blockNumber).toBeLessThanOrEqual(b?.blockNumber as bigint);
  });

  test("dropped with discard: no receipt and not in the pool; with the sender's later transactions", async () => {
    const [first, second, other] = [await emit(0), await emit(0), await emit(1)];
    const result = await devnet.faults.reorg({ depth: 3, drop: [first as Hash] });
    expect(result.dropped).toEqual([first, second]);
    expect(result.remined).toEqual([other]);
    for (const hash of [first, second] as Hash[]) {
      await expect(client.getTransactionReceipt({ hash })).rejects.toThrow();
      expect(await pending()).not.toContain(hash);
    }
  });

  test("dropped to the pool: pending after the reorg, mined by a later block", async () => {
    const [kept, dropped] = [await emit(1), await emit(0)];
    // Mining only when asked: the pool can be looked at before the next block.
    await rpc("evm_setAutomine", [false]);
    const result = await devnet.faults.reorg({ depth: 2, drop: [dropped as Hash], dropTo: "pool" });
    expect(result.remined).toEqual([kept]);
    expect(result.dropped).toEqual([dropped]);
    expect(await pending()).toEqual([dropped]);
    await rpc("evm_mine");
    await rpc("evm_setAutomine", [true]);
    const receipt = await client.getTransactionReceipt({ hash: dropped as Hash });
    expect(receipt.blockNumber).toBe(result.newHead.number + 1n);
  });

  test("dropped to the pool while automining: mined by the block right after the new branch", async () => {
    const dropped = await emit(0);
    const result = await devnet.faults.reorg({ depth: 1, drop: [dropped], dropTo: "pool" });
    // anvil may answer evm_setAutomine before it has mined the pool: the receipt is waited for.
    const receipt = await client.waitForTransactionReceipt({ hash: dropped, pollingInterval: 50 });
    expect(receipt.blockNumber).toBe(result.newHead.number + 1n);
    expect(await pending()).toEqual([]);
  });

  // Pausing mining does not stop a block anvil is already mining (interval mining under load): it
  // can land while the reorg reads the chain, or just before its rollback. Landed here on purpose,
  // with a transaction that was pending when the reorg read the pool.
  test.for([
    { when: "after the pool was read", method: "txpool_content" },
    { when: "just before the rollback", method: "anvil_rollback" },
  ])("a block that lands $when: the reorg replaces the last blocks and loses nothing", async ({ method }) => {
    const sent = [await emit(0), await emit(1)];
    await rpc("evm_setAutomine", [false]);
    try {
      const wallet = wallets[0] as (typeof wallets)[0];
      const late = await wallet.sendTransaction({
        account: wallet.account ?? null,
        chain: devnet.chain,
        to: emitter,
      });
      const raw = await rpc<Hex>("eth_getRawTransactionByHash", [late]);
      const inner = faultRpc(devnet.rpcUrl);
      let landed = false;
      const landing = Object.assign(
        async <T>(called: string, params: unknown[] = []): Promise<T> => {
          if (called === method && !landed) {
            landed = true;
            // The block in flight, with the pool's transaction (sent again: the reorg may have
            // emptied the pool already).
            await inner("eth_sendRawTransaction", [raw]).catch(() => undefined);
            await inner("evm_mine");
          }
          return inner<T>(called, params);
        },
        { batch: inner.batch, batchSettled: inner.batchSettled },
      ) as FaultRpc;

      const result = await reorg(landing, { depth: 2 });
      expect(landed).toBe(true);
      expect(result.replaced).toHaveLength(2);
      for (const { oldHash, newHash } of result.replaced) expect(newHash).not.toBe(oldHash);
      // Every orphaned transaction is mined again on the new branch; the one the landed block held
      // is on chain or back in the pool; nothing sent before is gone.
      expect([...result.remined].sort()).toEqual([...result.orphaned].sort());
      expect([...result.remined, ...(await pending())]).toContain(late);
      for (const hash of sent) expect((await client.getTransactionReceipt({ hash })).status).toBe("success");
      expect(await client.getBlockNumber({ cacheTime: 0 })).toBe(result.newHead.number);
    } finally {
      await rpc("evm_mine");
      await rpc("evm_setAutomine", [true]);
    }
  });

  test("refuses what it cannot do, saying why", async () => {
    await expect(devnet.faults.reorg({ depth: 0 })).rejects.toMatchObject({
      code: "FAULT_INVALID",
      message: expect.stringContaining("`depth`: expected an integer from 1 to 64, got 0"),
    });
    await expect(devnet.faults.reorg({ depth: 64 })).rejects.toMatchObject({
      code: "FAULT_INVALID",
      message: expect.stringContaining("goes below genesis"),
    });
    await expect(devnet.faults.reorg({ depth: 1, drop: ["0x1" as Hash] })).rejects.toMatchObject({
      code: "FAULT_INVALID",
      message: expect.stringContaining("`drop[0]`: expected a transaction hash (0x and 64 hex digits)"),
    });
    await expect(devnet.faults.reorg({ depth: 1, extraBlocks: -1 })).rejects.toMatchObject({
      code: "FAULT_INVALID",
      message: expect.stringContaining("`extraBlocks`: expected an integer from 0 to 64, got -1"),
    });
    await expect(devnet.faults.reorg({ depth: 1, drop: [padHex("0x1")] })).rejects.toMatchObject({
      code: "FAULT_INVALID",
      message: expect.stringContaining("not in the last 1 block"),
    });
    // Nothing was left half done: the devnet still automines.
    await emit();
  });
});

describe("pool, stall, fees", () => {
  test("dropPool answers the pending hashes and empties the pool", async () => {
    const stall = await devnet.faults.stall({ ms: 600_000 });
    expect(Date.parse(stall.endsAt)).toBeGreaterThan(Date.now());
    const wallet = wallets[0] as (typeof wallets)[0];
    const hash = await wallet.sendTransaction({
      account: wallet.account ?? null,
      chain: devnet.chain,
      to: emitter,
    });
    await expect(devnet.faults.dropPool()).rejects.toMatchObject({ code: "FAULT_IN_PROGRESS" });
    await devnet.faults.recover();
    // Recovering mined what the stall held.
    expect((await client.getTransactionReceipt({ hash })).status).toBe("success");

    await rpc("evm_setAutomine", [false]);
    const waiting = await wallet.sendTransaction({
      account: wallet.account ?? null,
      chain: devnet.chain,
      to: emitter,
    });
    const { dropped } = await devnet.faults.dropPool();
    await rpc("evm_setAutomine", [true]);
    expect(dropped).toEqual([waiting]);
    expect(await pending()).toEqual([]);
    expect(events.at(-1)).toMatchObject({ type: "poolDropped", dropped: [waiting] });
  });

  test("stall: a send is accepted into the pool and no block is mined until it ends", async () => {
    const head = await client.getBlockNumber({ cacheTime: 0 });
    await devnet.faults.stall({ ms: 600_000 });
    const wallet = wallets[1] as (typeof wallets)[0];
    const hash = await wallet.sendTransaction({
      account: wallet.account ?? null,
      chain: devnet.chain,
      to: emitter,
    });
    expect(await pending()).toContain(hash);
    expect(await client.getBlockNumber({ cacheTime: 0 })).toBe(head);
    expect(events.at(-1)).toMatchObject({ type: "stalled", head });
    await devnet.faults.recover();
    expect(events.at(-1)).toMatchObject({ type: "recovered", fault: "stall" });
    expect((await client.getTransactionReceipt({ hash })).blockNumber).toBe(head + 1n);
  });

  test("stall ends on its own timer", async () => {
    const recovered = new Promise<void>((resolve) => {
      const stop = devnet.faults.subscribe((event) => {
        if (event.type === "recovered") {
          stop();
          resolve();
        }
      });
    });
    await devnet.faults.stall({ ms: 50 });
    await recovered;
    await emit();
  });

  test("feeSpike: the next blocks have the base fee asked, then it falls back", async () => {
    const baseFee = parseGwei("777");
    const { fromBlock } = await devnet.faults.feeSpike({ baseFee, blocks: 2 });
    expect(fromBlock).toBe((await client.getBlockNumber({ cacheTime: 0 })) + 1n);
    for (let index = 0; index < 3; index++) await rpc("evm_mine");
    const fees = await Promise.all(
      [0n, 1n, 2n].map(
        async (offset) => (await client.getBlock({ blockNumber: fromBlock + offset })).baseFeePerGas,
      ),
    );
    expect(fees[0]).toBe(baseFee);
    expect(fees[1]).toBe(baseFee);
    expect(fees[2]).toBeLessThan(baseFee);
    await devnet.faults.recover();
  });

  test("timed faults refuse bad lengths", async () => {
    await expect(devnet.faults.stall({ ms: 0 })).rejects.toMatchObject({ code: "FAULT_INVALID" });
    await expect(devnet.faults.unreachable({ ms: 600_001 })).rejects.toMatchObject({ code: "FAULT_INVALID" });
    await expect(devnet.faults.feeSpike({ baseFee: 1n, blocks: 0 })).rejects.toMatchObject({
      code: "FAULT_INVALID",
    });
  });
});

describe("restart and unreachable", () => {
  test("unreachable: the devnet's port refuses connections, then answers on it again", async () => {
    await devnet.faults.unreachable({ ms: 600_000 });
    const refused = await fetch(devnet.rpcUrl, { method: "POST", body: "{}" }).catch((error: Error) => error);
    expect((refused as Error & { cause?: { code?: string } }).cause?.code).toBe("ECONNREFUSED");
    await expect(devnet.faults.reorg({ depth: 1 })).rejects.toMatchObject({ code: "FAULT_IN_PROGRESS" });
    await devnet.faults.recover();
    expect(events.at(-1)).toMatchObject({ type: "recovered", fault: "unreachable" });
    expect(await client.getChainId()).toBe(3151908);
  });

  test("restart without keepPool: the chain is kept, the pool is lost, the same port answers", async () => {
    await emit();
    await rpc("evm_setAutomine", [false]);
    const wallet = wallets[0] as (typeof wallets)[0];
    const lost = await wallet.sendTransaction({
      account: wallet.account ?? null,
      chain: devnet.chain,
      to: emitter,
    });
    const before = await client.getBlock({ blockTag: "latest" });
    const pid = devnet.pid;
    const result = await devnet.faults.restart();
    expect(devnet.pid).not.toBe(pid);
    expect(result).toMatchObject({
      keepPool: false,
      pool: [lost],
      head: { number: before.number, hash: before.hash },
    });
    expect(await client.getBlock({ blockNumber: before.number })).toMatchObject({ hash: before.hash });
    expect(await pending()).toEqual([]);
    // The mining mode came back too: still only when asked.
    expect(await rpc("anvil_getAutomine")).toBe(false);
    await rpc("evm_setAutomine", [true]);
    await emit();
  });

  test("restart with keepPool: the pool's transactions are sent again and mined after", async () => {
    await rpc("evm_setAutomine", [false]);
    const wallet = wallets[1] as (typeof wallets)[0];
    const kept = await wallet.sendTransaction({
      account: wallet.account ?? null,
      chain: devnet.chain,
      to: emitter,
    });
    const result = await devnet.faults.restart({ keepPool: true });
    expect(result.pool).toEqual([kept]);
    expect(await pending()).toEqual([kept]);
    await rpc("evm_mine");
    await rpc("evm_setAutomine", [true]);
    expect((await client.getTransactionReceipt({ hash: kept })).blockNumber).toBe(result.head.number + 1n);
  });
});

describe("restart with a state file", () => {
  test("anvil writes and reads its state file: the chain is kept", async () => {
    const dir = await mkdtemp(join(tmpdir(), "privnet-faults-"));
    try {
      await using stateful = await startDevnet({ port: 0, blockTime: 0, statePath: join(dir, "state.json") });
      const statefulClient = createPublicClient({ transport: http(stateful.rpcUrl) });
      await statefulClient.request({ method: "evm_mine" as "eth_chainId" });
      const before = await statefulClient.getBlock({ blockTag: "latest" });
      const { head, downMs } = await stateful.faults.restart();
      expect(head).toEqual({ number: before.number, hash: before.hash });
      expect(downMs).toBeGreaterThanOrEqual(0);
      expect((await statefulClient.getBlock({ blockTag: "latest" })).hash).toBe(before.hash);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe("one fault at a time", () => {
  test("a second fault while one is under way is refused", async () => {
    await emit();
    const first = devnet.faults.reorg({ depth: 1 });
    await expect(devnet.faults.dropPool()).rejects.toMatchObject({
      code: "FAULT_IN_PROGRESS",
      message: expect.stringContaining("reorg"),
    });
    await first;
  });
});

describe("without the clock relay", () => {
  test("restart, unreachable and feeSpike are refused; reorg works", async () => {
    await using plain = await startDevnet({ port: 0, blockTime: 0, clock: false });
    await expect(plain.faults.unreachable({ ms: 10 })).rejects.toMatchObject({ code: "FAULT_UNSUPPORTED" });
    await expect(plain.faults.restart()).rejects.toMatchObject({ code: "FAULT_UNSUPPORTED" });
    await expect(plain.faults.feeSpike({ baseFee: 1n, blocks: 1 })).rejects.toMatchObject({
      code: "FAULT_UNSUPPORTED",
    });
    await plain.faults.reorg({ depth: 0 }).catch(() => undefined);
    const plainClient = createPublicClient({ transport: http(plain.rpcUrl) });
    await plainClient.request({ method: "evm_mine" as "eth_chainId" });
    const { replaced } = await plain.faults.reorg({ depth: 1 });
    expect(replaced[0]?.newHash).not.toBe(replaced[0]?.oldHash);
  });
});

describe("at a block time", () => {
  test("reorg and feeSpike on a devnet mining a block a second; interval mining comes back", async () => {
    await using timed = await startDevnet({ port: 0, blockTime: 1 });
    const timedClient = createPublicClient({ chain: timed.chain, transport: http(timed.rpcUrl) });
    const wallet = createWalletClient({
      account: privateKeyToAccount(timed.accounts[1]?.privateKey as Hex),
      chain: timed.chain,
      transport: http(timed.rpcUrl),
    });
    const hash = await wallet.sendTransaction({ to: wallet.account.address });
    const mined = await timedClient.waitForTransactionReceipt({ hash, pollingInterval: 100 });
    const { replaced, remined } = await timed.faults.reorg({ depth: 1 });
    expect(remined).toEqual([hash]);
    expect(replaced[0]?.newHash).not.toBe(mined.blockHash);
    expect(await timedClient.request({ method: "anvil_getIntervalMining" as "eth_chainId" })).toBe(1);

    const baseFee = parseGwei("333");
    const { fromBlock } = await timed.faults.feeSpike({ baseFee, blocks: 2 });
    const recovered = new Promise<void>((resolve) =>
      timed.faults.subscribe((event) => event.type === "recovered" && resolve()),
    );
    await recovered;
    for (const number of [fromBlock, fromBlock + 1n])
      expect((await timedClient.getBlock({ blockNumber: number })).baseFeePerGas).toBe(baseFee);
  });
});

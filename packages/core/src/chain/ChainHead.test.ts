import { useDevnet } from "@privnet/devnet/vitest";
import { createPublicClient, custom, type Hash, HttpRequestError, http, type PublicClient } from "viem";
import { describe, expect, test } from "vitest";
import { type Anchor, ChainHead, type ChainHeadWatcher, type ChainRewindCause } from "./ChainHead.js";

const devnet = useDevnet();

/** A promise with its resolver, for steps a test waits on. */
function deferred<T = void>() {
  let resolve: (value: T) => void = () => undefined;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

/**
 * A client of the devnet whose `eth_blockNumber` calls are shown to `look` first: it may hold one
 * (answer a promise) or refuse it (throw). Polls fast: the hub's poller is what is looked at.
 */
function lookedAtClient(look: (call: number) => Promise<void> | undefined): PublicClient {
  const node = http(devnet.rpcUrl, { retryCount: 0 })({ chain: devnet.chain });
  let calls = 0;
  const transport = custom(
    {
      async request({ method, params }: { method: string; params?: unknown }) {
        if (method === "eth_blockNumber") await look(++calls);
        return node.request({ method, params });
      },
    },
    { retryCount: 0 },
  );
  return createPublicClient({ chain: devnet.chain, transport, pollingInterval: 10 }) as PublicClient;
}

/** A watcher that keeps what it is told, and wakes whoever waits for the next number it hears. */
function listener(pollingInterval = 10) {
  const blocks: bigint[] = [];
  const rewinds: [ChainRewindCause, Anchor][] = [];
  let heard = deferred<bigint>();
  const watcher: ChainHeadWatcher = {
    onBlock(number) {
      blocks.push(number);
      heard.resolve(number);
      heard = deferred<bigint>();
    },
    onRewound: (cause, head) => rewinds.push([cause, head]),
    pollingInterval,
  };
  return {
    watcher,
    blocks,
    rewinds,
    /** Resolves with the next number heard that is `number` (or with the number already heard last). */
    async hears(number: bigint) {
      while (blocks.at(-1) !== number) await heard.promise;
    },
  };
}

const head = () => devnet.request<string>("eth_blockNumber").then(BigInt);
const mine = () => devnet.request("evm_mine");
/** Timers that keep the process alive (an unref'd timer does not count). */
const liveTimers = () => process.getActiveResourcesInfo().filter((kind) => kind === "Timeout").length;

describe("ChainHead, the hub", () => {
  test("one poll however many watchers: each look at the head is told to all of them", async () => {
    let arrived = deferred<number>();
    let release = deferred();
    let looks = 0;
    const hub = new ChainHead(
      lookedAtClient(async (call) => {
        looks = call;
        arrived.resolve(call);
        await release.promise;
      }),
    );
    const watchers = [listener(10), listener(25), listener(1_000)];
    const unwatch = watchers.map(({ watcher }) => hub.watch(watcher));
    try {
      const first = await head();
      // The first look is held: however many watch, no second one starts meanwhile.
      expect(await arrived.promise).toBe(1);
      arrived = deferred<number>();
      await new Promise((resolve) => setImmediate(resolve));
      expect(looks).toBe(1);
      let open = release;
      release = deferred();
      open.resolve();
      await Promise.all(watchers.map((watcher) => watcher.hears(first)));

      await mine();
      expect(await arrived.promise).toBe(2);
      arrived = deferred<number>();
      open = release;
      release = deferred();
      open.resolve();
      await Promise.all(watchers.map((watcher) => watcher.hears(first + 1n)));
      for (const watcher of watchers) expect(watcher.blocks).toEqual([first, first + 1n]);
    } finally {
      release.resolve();
      for (const stop of unwatch) stop();
    }
  });

  test("a rewind is told once to every watcher, with its cause, after the recovery of whoever found it", async () => {
    const hub = new ChainHead(createPublicClient({ chain: devnet.chain, transport: http(devnet.rpcUrl) }));
    const heard: string[] = [];
    const watchers = ["a", "b"].map((name) =>
      hub.watch({ onRewound: (cause, { number }) => heard.push(`${name}: ${cause} to ${number}`) }),
    );
    try {
      expect(await hub.check()).toBeUndefined();
      const snapshot = await devnet.request<string>("evm_snapshot");
      await mine();
      await mine();
      expect(await hub.check()).toBeUndefined();
      const kept = await hub.readLatest();

      await devnet.request("evm_revert", [snapshot]);
      await mine();
      const back = await head();
      const cause = await hub.check({
        recover: async (found) => {
          heard.push(`recovered from a ${found}`);
        },
      });
      expect(cause).toBe("revert");
      expect(heard).toEqual(["recovered from a revert", `a: revert to ${back}`, `b: revert to ${back}`]);
      // Told once: the anchor is the new head now.
      expect(await hub.check()).toBeUndefined();
      expect(heard).toHaveLength(3);
      // The block the chain replaced is not held; the one below the fork is.
      const below = { number: back - 1n, hash: (await hub.hashAt(back - 1n)) as Hash };
      expect(await hub.newestHeld([kept, below])).toEqual(below);

      // A recovery that fails: the watchers still hear of the rewind, then its error is thrown.
      await devnet.reset();
      await expect(
        hub.check({
          recover: async () => {
            throw new Error("the node went away during the recovery");
          },
        }),
      ).rejects.toThrow("the node went away during the recovery");
      expect(heard.slice(3)).toEqual(["a: reset to 0", "b: reset to 0"]);
    } finally {
      for (const stop of watchers) stop();
    }
  });

  test("watchers hear that the node answers again once, after the looks that failed", async () => {
    let down = false;
    let failed = deferred();
    const hub = new ChainHead(
      lookedAtClient(() => {
        if (!down) return undefined;
        failed.resolve();
        throw new HttpRequestError({ url: devnet.rpcUrl, details: "connection refused" });
      }),
    );
    const up = listener();
    const followers = [0, 1].map(() => ({ back: deferred(), reconnections: 0, errors: 0 }));
    const watchers = followers.map((follower) =>
      hub.watch({
        onReconnected() {
          follower.reconnections++;
          follower.back.resolve();
        },
        onError: () => follower.errors++,
        pollingInterval: 10,
      }),
    );
    const unwatchUp = hub.watch(up.watcher);
    try {
      await up.hears(await head());
      down = true;
      await failed.promise;
      failed = deferred();
      // Still away: another look fails.
      await failed.promise;
      down = false;
      await Promise.all(followers.map(({ back }) => back.promise));
      await mine();
      await up.hears(await head());
      expect(followers.map(({ reconnections }) => reconnections)).toEqual([1, 1]);
      expect(followers.every(({ errors }) => errors >= 2)).toBe(true);
    } finally {
      for (const stop of [...watchers, unwatchUp]) stop();
    }
  });

  test("a watcher that unwatches hears nothing more; the others still do; the last one gone stops the poller", async () => {
    let held: ReturnType<typeof deferred<void>> | undefined;
    let arrived = deferred();
    const hub = new ChainHead(
      lookedAtClient(async () => {
        arrived.resolve();
        await held?.promise;
      }),
    );
    const [leaving, staying] = [listener(), listener()];
    const unwatchLeaving = hub.watch(leaving.watcher);
    const unwatchStaying = hub.watch(staying.watcher);
    const first = await head();
    await Promise.all([leaving.hears(first), staying.hears(first)]);
    unwatchLeaving();
    // A second call changes nothing.
    unwatchLeaving();
    await mine();
    await staying.hears(first + 1n);

    // A look held until a block is mined: once it is told, the next look is due.
    held = deferred();
    arrived = deferred();
    await arrived.promise;
    await mine();
    const told = staying.hears(first + 2n);
    const open = held;
    held = undefined;
    open.resolve();
    await told;
    const polling = liveTimers();
    unwatchStaying();
    expect(liveTimers()).toBe(polling - 1);
    expect(leaving.blocks).toEqual([first]);
    expect(staying.blocks).toEqual([first, first + 1n, first + 2n]);
  });

  test("a fresh read answers the node's head now, without waiting for the poller", async () => {
    const hub = new ChainHead(createPublicClient({ chain: devnet.chain, transport: http(devnet.rpcUrl) }));
    await mine();
    expect(await hub.read()).toBe(await head());
    expect(await hub.read({ retry: false })).toBe(await head());
    // Nobody watches: nothing polls, and the hub has seen no head.
    expect(hub.number).toBeUndefined();
  });
});

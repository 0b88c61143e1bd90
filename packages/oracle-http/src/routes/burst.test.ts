import { createPlatform, type OracleEvent, type Platform } from "@privnet/core";
import { priceOracleAbi } from "@privnet/core/contracts";
import { type Devnet, startDevnet } from "@privnet/devnet";
import { postJson } from "@privnet/http/testing";
import { formatEther, type Hash, http, parseEventLogs } from "viem";
import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import { createOracleServer } from "../server/createOracleServer.js";

// A burst of pushes against a chain that mines a block every 2 s, as `privnet up` runs it. Pushes
// waiting behind the one in flight go out together in the next one, so 40 requests sent at once
// are answered by at most two pushes in two consecutive blocks, not by one block per request.

const symbols = ["ETH", "PRIV", "USDC", "DAI"] as const;
const burst = 40;

let chain: Devnet;
beforeAll(async () => {
  // Contracts are deployed while every transaction is mined at once; the burst runs at block time.
  chain = await startDevnet({ port: 0, blockTime: 2, automineFirst: true });
});
afterAll(() => chain.stop());

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function serve() {
  const platform = await createPlatform({ transport: http(chain.rpcUrl), contracts: true });
  cleanups.push(() => platform.close());
  await platform.contracts.get();
  await chain.useBlockTime();
  const server = await createOracleServer(platform, { port: 0, startLoop: false, logger: false });
  cleanups.push(() => server.close());
  return { platform, url: server.url };
}

/** Resolves with the first block number above `after`, as the chain announces it. */
function blockAfter(platform: Platform, after: bigint): Promise<bigint> {
  return new Promise((resolve, reject) => {
    const unwatch = platform.client.watchBlockNumber({
      emitOnBegin: true,
      poll: true,
      pollingInterval: 100,
      onBlockNumber: (number) => {
        if (number <= after) return;
        unwatch();
        resolve(number);
      },
      onError: (error) => {
        unwatch();
        reject(error);
      },
    });
  });
}

/** The prices (symbol → decimal string) a push's PriceUpdated events stored, by token address. */
async function storedBy(platform: Platform, hash: Hash): Promise<Map<string, string>> {
  const receipt = await platform.client.getTransactionReceipt({ hash });
  const logs = parseEventLogs({ abi: priceOracleAbi, eventName: "PriceUpdated", logs: receipt.logs });
  return new Map(logs.map((log) => [log.args.token.toLowerCase(), formatEther(log.args.price)]));
}

/** Every `queued` oracle event, in the order the queue accepted the requests. */
function acceptance(platform: Platform): Extract<OracleEvent, { type: "queued" }>[] {
  const accepted: Extract<OracleEvent, { type: "queued" }>[] = [];
  platform.events.on("oracle", (event) => {
    if (event.type === "queued") accepted.push(event);
  });
  return accepted;
}

describe("a burst of pushes at 2 s blocks", () => {
  test(`${burst} concurrent POST /set-price over four symbols: every one answered, by at most two pushes in two consecutive blocks; the last accepted price of each symbol is on chain`, async () => {
    const { platform, url } = await serve();
    const accepted = acceptance(platform);
    const requests = Array.from({ length: burst }, (_, index) => {
      const symbol = symbols[index % symbols.length] as string;
      // A distinct price per request, so each answer and each stored value says whose it is.
      const price = symbol === "ETH" ? String(2000 + index) : (1 + index / 1000).toString();
      return { symbol, price };
    });
    // Fired just after a block, so the first push can make the next one.
    const fired = await blockAfter(platform, await platform.client.getBlockNumber({ cacheTime: 0 }));
    const answers = await Promise.all(requests.map((body) => postJson(`${url}/set-price`, body)));

    for (const [index, answer] of answers.entries()) {
      expect(answer, `request ${index}`).toMatchObject({
        status: 200,
        body: { success: true, symbol: requests[index]?.symbol },
      });
    }
    const bodies = answers.map(
      (answer) => answer.body as { txHash: Hash; blockNumber: number; price: string; symbol: string },
    );
    const pushes = [...new Set(bodies.map((body) => body.txHash))];
    const blocks = bodies.map((body) => body.blockNumber);
    const first = Math.min(...blocks);
    expect(pushes.length).toBeLessThanOrEqual(2);
    expect(Math.max(...blocks) - first).toBeLessThanOrEqual(1);
    expect(first).toBeLessThanOrEqual(Number(fired) + 2);

    // The order in which the queue took the requests: each is known by its (symbol, price).
    const order = accepted
      .filter((event) => event.reason === "setPrice")
      .map((event) => Object.entries(event.prices)[0] as [string, string]);
    expect(order).toHaveLength(burst);
    const position = (index: number) =>
      order.findIndex(
        ([symbol, price]) => symbol === requests[index]?.symbol && price === requests[index]?.price,
      );
    const { addresses } = await platform.contracts.get();
    const tokenOf: Record<string, string> = {
      ETH: "0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE".toLowerCase(),
      PRIV: addresses.platformToken.toLowerCase(),
      USDC: addresses.usdc.toLowerCase(),
      DAI: addresses.dai.toLowerCase(),
    };
    const stored = new Map(
      await Promise.all(pushes.map(async (hash) => [hash, await storedBy(platform, hash)] as const)),
    );
    const onChain = Object.fromEntries(
      (await platform.oracle.prices()).map((price) => [price.symbol, price.price]),
    );

    for (const symbol of symbols) {
      const mine = requests.map((_, index) => index).filter((index) => requests[index]?.symbol === symbol);
      mine.sort((a, b) => position(a) - position(b));
      expect(mine.every((index) => position(index) >= 0)).toBe(true);
      // The chain holds the price of the symbol's request accepted last, answered with the last push.
      const last = mine.at(-1) as number;
      expect(onChain[symbol]).toBe(requests[last]?.price);
      expect(bodies[last]).toMatchObject({ price: requests[last]?.price, blockNumber: Math.max(...blocks) });
      for (const [rank, index] of mine.entries()) {
        const body = bodies[index] as (typeof bodies)[number];
        // Each answer names a push that wrote this symbol, with the price that push stored for it.
        expect(stored.get(body.txHash)?.get(tokenOf[symbol] as string), `request ${index}`).toBe(body.price);
        // That price is the caller's own, or that of a request accepted after it into the same
        // push (which superseded it); never an earlier one, never another push's.
        const carriedBy = mine.slice(rank).filter((later) => bodies[later]?.txHash === body.txHash);
        expect(requests[carriedBy.at(-1) as number]?.price, `request ${index}`).toBe(body.price);
        // Requests accepted later are answered with the same push or a later one.
        for (const later of mine.slice(rank + 1)) {
          expect(bodies[later]?.blockNumber).toBeGreaterThanOrEqual(body.blockNumber);
        }
      }
    }
  });

  test(`${burst} concurrent POST /update: every one answered, by at most two pushes in two consecutive blocks; each answer says what its push stored`, async () => {
    const { platform, url } = await serve();
    const fired = await blockAfter(platform, await platform.client.getBlockNumber({ cacheTime: 0 }));
    const answers = await Promise.all(Array.from({ length: burst }, () => postJson(`${url}/update`, {})));
    for (const [index, answer] of answers.entries()) {
      expect(answer, `request ${index}`).toMatchObject({ status: 200, body: { success: true } });
    }
    const bodies = answers.map(
      (answer) => answer.body as { txHash: Hash; blockNumber: number; prices: Record<string, string> },
    );
    const pushes = [...new Set(bodies.map((body) => body.txHash))];
    const blocks = bodies.map((body) => body.blockNumber);
    const first = Math.min(...blocks);
    expect(pushes.length).toBeLessThanOrEqual(2);
    expect(Math.max(...blocks) - first).toBeLessThanOrEqual(1);
    expect(first).toBeLessThanOrEqual(Number(fired) + 2);

    const tokens = Object.fromEntries(
      (await platform.oracle.tokens()).map((token) => [token.symbol, token.address]),
    );
    for (const body of bodies) {
      const stored = await storedBy(platform, body.txHash);
      const answered = Object.fromEntries(
        Object.keys(body.prices).map((symbol) => [
          symbol,
          stored.get((tokens[symbol] as string).toLowerCase()),
        ]),
      );
      expect(Object.keys(body.prices).sort()).toEqual([...symbols].sort());
      expect(answered).toEqual(body.prices);
    }
    const last = bodies.find((body) => body.blockNumber === Math.max(...blocks));
    const onChain = Object.fromEntries(
      (await platform.oracle.prices()).map((price) => [price.symbol, price.price]),
    );
    expect(onChain).toEqual(last?.prices);
  });
});

describe("a burst of pushes against a chain that stopped", () => {
  test("every waiting caller is answered with a 503 and an error body; none is left hanging", async () => {
    const own = await startDevnet({ port: 0, blockTime: 0 });
    cleanups.push(() => own.stop());
    const platform = await createPlatform({
      transport: http(own.rpcUrl, { retryCount: 0 }),
      contracts: true,
      oracle: { maxAttempts: 2, retryDelay: 50 },
    });
    cleanups.push(() => platform.close());
    await platform.oracle.tokens();
    const server = await createOracleServer(platform, { port: 0, startLoop: false, logger: false });
    cleanups.push(() => server.close());
    await own.stop();

    const answers = await Promise.all(
      Array.from({ length: burst }, (_, index) =>
        index % 4 === 3
          ? postJson(`${server.url}/update`, {})
          : postJson(`${server.url}/set-price`, { symbol: symbols[index % 4], price: String(100 + index) }),
      ),
    );
    for (const [index, answer] of answers.entries()) {
      expect(answer, `request ${index}`).toMatchObject({
        status: 503,
        body: {
          success: false,
          error: expect.stringMatching(/\S/),
          code: expect.stringMatching(/^(ORACLE_PUSH_FAILED|CHAIN_UNREACHABLE)$/),
        },
      });
    }
  });
});

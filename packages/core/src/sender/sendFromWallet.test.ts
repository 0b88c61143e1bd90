import { useDevnet } from "@privnet/devnet/vitest";
import { custom, getAddress, http, parseEther, webSocket } from "viem";
import { describe, expect, test } from "vitest";
import { isPrivnetError } from "../errors/PrivnetError.js";
import { createPlatform } from "../platform/createPlatform.js";
import { memoryStorage } from "../storage/memoryStorage.js";
import type { TransactionRecord } from "../storage/StorageAdapter.js";

const devnet = useDevnet();
// Hundreds of transactions on a machine shared with other test runs: a wider safety net than the
// default 30 s. Not a timing assertion; the tests wait on receipts.
const heavyTestTimeout = 120_000;
const recipient = getAddress("0x00000000000000000000000000000000000000aa");

const connect = (options: Parameters<typeof createPlatform>[0] extends infer O ? Partial<O> : never = {}) =>
  createPlatform({ transport: http(devnet.rpcUrl), pollingInterval: 100, ...options });

describe("sendFromWallet", () => {
  test("returns the pending entry as soon as the node accepted it; the watcher confirms it", async () => {
    const platform = await connect();
    try {
      const seen: TransactionRecord[] = [];
      platform.events.on("transaction", (record) => seen.push(record));
      const sent = await platform.sender.sendFromWallet({ fromWalletId: 2, to: recipient, amount: "1.5" });
      expect(sent).toMatchObject({
        status: "pending",
        value: parseEther("1.5"),
        blockNumber: null,
        to: recipient,
        from: devnet.accounts[1]?.address,
        source: "sdk",
      });
      expect(sent.hash).toMatch(/^0x[0-9a-f]{64}$/);
      expect(sent.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);

      const done = await platform.transactions.wait(sent.id);
      const receipt = await platform.client.getTransactionReceipt({ hash: sent.hash });
      expect(done).toMatchObject({
        id: sent.id,
        status: "confirmed",
        blockNumber: receipt.blockNumber,
      });
      expect(await platform.client.getBalance({ address: recipient })).toBe(parseEther("1.5"));
      expect(seen.map((record) => record.status)).toEqual(["pending", "confirmed"]);
      expect(seen[0]?.source).toBe("sdk");
    } finally {
      await platform.close();
    }
  });

  test.for([
    { window: "the fixed window", adaptiveWindow: false },
    { window: "the adaptive window", adaptiveWindow: true },
  ])(
    "500 concurrent sends from one wallet all confirm, with contiguous nonces and 500 history entries ($window)",
    { timeout: heavyTestTimeout },
    async ({ adaptiveWindow }) => {
      const platform = await connect({ adaptiveWindow });
      try {
        const from = devnet.accounts[2]?.address ?? recipient;
        const startNonce = await platform.client.getTransactionCount({ address: from });
        const sent = await Promise.all(
          Array.from({ length: 500 }, (_, index) =>
            platform.sender.sendFromWallet({ fromWalletId: 3, to: recipient, amount: `0.00${index + 1}` }),
          ),
        );
        const settled = await Promise.all(sent.map((entry) => platform.transactions.wait(entry.id)));
        expect(settled.every((entry) => entry.status === "confirmed")).toBe(true);

        const history = await platform.transactions.list({ limit: 1000 });
        expect(history).toHaveLength(500);
        const records = await Promise.all(
          history.map((entry) => platform.storage.transactions.get(entry.id)),
        );
        const nonces = records.map((record) => record?.nonce ?? -1).sort((a, b) => a - b);
        expect(nonces).toEqual(Array.from({ length: 500 }, (_, index) => startNonce + index));
        expect(await platform.client.getTransactionCount({ address: from })).toBe(startNonce + 500);
      } finally {
        await platform.close();
      }
    },
  );

  test(
    "two platforms sharing one storage send from one wallet at once without a nonce collision",
    async () => {
      // One storage instance stands in for two processes on one database: its lock is the shared one.
      const storage = memoryStorage();
      const first = await connect({ storage });
      const second = await connect({ storage });
      try {
        const send = (platform: typeof first, count: number) =>
          Array.from({ length: count }, () =>
            platform.sender.sendFromWallet({ fromWalletId: 5, to: recipient, amount: "0.01" }),
          );
        const sent = await Promise.all([...send(first, 60), ...send(second, 60)]);
        const settled = await Promise.all(
          sent.map((entry, index) => (index < 60 ? first : second).transactions.wait(entry.id)),
        );
        expect(settled.map((entry) => entry.status)).toEqual(Array(120).fill("confirmed"));
        const records = await storage.transactions.list({ limit: 1000 });
        expect(new Set(records.map((record) => record.nonce)).size).toBe(120);
        const wallet = await storage.wallets.get(5);
        expect(await first.client.getTransactionCount({ address: wallet?.address ?? recipient })).toBe(120);
      } finally {
        await first.close();
        await second.close();
      }
    },
    heavyTestTimeout,
  );

  test("every bad input fails with its own code and writes nothing", async () => {
    const platform = await connect();
    try {
      const empty = await platform.wallets.create({ name: "empty" });
      const from = devnet.accounts[1]?.address ?? recipient;
      const nonceBefore = await platform.client.getTransactionCount({ address: from, blockTag: "pending" });
      const cases: [Parameters<typeof platform.sender.sendFromWallet>[0], string][] = [
        [{ fromWalletId: 2, to: "0x1234", amount: "1" }, "INVALID_ADDRESS"],
        [
          { fromWalletId: 2, to: "0x8943545177806ED17B9F23F0a21ee5948eCaa777", amount: "1" },
          "INVALID_ADDRESS",
        ],
        [{ fromWalletId: 2, to: `0x${"g".repeat(40)}`, amount: "1" }, "INVALID_ADDRESS"],
        [{ fromWalletId: 2, to: recipient, amount: "0" }, "INVALID_AMOUNT"],
        [{ fromWalletId: 2, to: recipient, amount: "-1" }, "INVALID_AMOUNT"],
        [{ fromWalletId: 2, to: recipient, amount: "1e18" }, "INVALID_AMOUNT"],
        [{ fromWalletId: 2, to: recipient, amount: "0.0000000000000000001" }, "INVALID_AMOUNT"],
        [{ fromWalletId: 2, to: recipient, amount: "one" }, "INVALID_AMOUNT"],
        [{ fromWalletId: 2, to: recipient, amount: 1 as unknown as string }, "INVALID_AMOUNT"],
        [{ fromWalletId: 999, to: recipient, amount: "1" }, "WALLET_NOT_FOUND"],
        [{ fromWalletId: empty.id, to: recipient, amount: "1" }, "INSUFFICIENT_FUNDS"],
        [{ fromWalletId: 2, to: recipient, amount: "2000000000" }, "INSUFFICIENT_FUNDS"],
      ];
      for (const [params, code] of cases) {
        const error = await platform.sender.sendFromWallet(params).catch((caught: unknown) => caught);
        expect(isPrivnetError(error, code as never), `${JSON.stringify(params)} → ${code}: ${error}`).toBe(
          true,
        );
      }
      const keyError = await platform.sender
        .sendWithKey({ privateKey: "0x1234", to: recipient, amount: "1" })
        .catch((caught: unknown) => caught);
      expect(isPrivnetError(keyError, "INVALID_PRIVATE_KEY")).toBe(true);

      expect(await platform.storage.transactions.list({ limit: 1000 })).toEqual([]);
      expect(await platform.storage.state.get(`nonce:${from.toLowerCase()}`)).toBeUndefined();
      expect(await platform.client.getTransactionCount({ address: from, blockTag: "pending" })).toBe(
        nonceBefore,
      );
    } finally {
      await platform.close();
    }
  });

  test("the insufficient-funds error gives the numbers", async () => {
    const platform = await connect();
    try {
      const empty = await platform.wallets.create();
      const error = await platform.sender
        .sendFromWallet({ fromWalletId: empty.id, to: recipient, amount: "0.5" })
        .catch((caught: unknown) => caught);
      expect(String(error)).toMatch(/has 0 ETH available but the transfer needs 0\.5\d+ ETH/);
    } finally {
      await platform.close();
    }
  });
});

test("a node that stops answering fails sends with CHAIN_UNREACHABLE and records nothing", async () => {
  // The real node, then a port where nothing listens: as if the node went away after start.
  const live = http(devnet.rpcUrl)({ chain: devnet.chain, retryCount: 0 });
  const gone = http("http://127.0.0.1:9")({ chain: devnet.chain, retryCount: 0 });
  let node = live;
  const transport = custom({ request: (args) => node.request(args) });
  const platform = await createPlatform({ transport, pollingInterval: 100 });
  try {
    node = gone;
    const results = await Promise.allSettled(
      Array.from({ length: 3 }, () =>
        platform.sender.sendFromWallet({ fromWalletId: 2, to: recipient, amount: "1" }),
      ),
    );
    for (const result of results) {
      expect(result.status).toBe("rejected");
      expect(isPrivnetError((result as PromiseRejectedResult).reason, "CHAIN_UNREACHABLE")).toBe(true);
    }
    expect(await platform.storage.transactions.list({ limit: 10 })).toEqual([]);
  } finally {
    await platform.close();
  }
});

test("works the same over a WebSocket transport (block subscriptions instead of polling)", async () => {
  const platform = await createPlatform({ transport: webSocket(devnet.wsUrl) });
  try {
    const sent = await Promise.all(
      Array.from({ length: 10 }, () =>
        platform.sender.sendFromWallet({ fromWalletId: 2, to: recipient, amount: "0.1" }),
      ),
    );
    const settled = await Promise.all(sent.map((entry) => platform.transactions.wait(entry.id)));
    expect(settled.map((entry) => entry.status)).toEqual(Array(10).fill("confirmed"));
  } finally {
    await platform.close();
  }
});

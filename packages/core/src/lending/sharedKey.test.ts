import { useDevnet } from "@privnet/devnet/vitest";
import { createPublicClient, http, parseEther } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { afterEach, describe, expect, test } from "vitest";
import type { OracleEvent } from "../context/PriceUpdate.js";
import { createPlatform, type Platform } from "../platform/createPlatform.js";
import type { TransactionRecord } from "../storage/StorageAdapter.js";

const devnet = useDevnet();
const platforms: Platform[] = [];
afterEach(async () => {
  await Promise.all(platforms.splice(0).map((platform) => platform.close()));
});

const recipient = "0x000000000000000000000000000000000000bEEF";
const client = () => createPublicClient({ transport: http(devnet.rpcUrl) });

async function wholeHistory(platform: Platform): Promise<TransactionRecord[]> {
  return platform.storage.transactions.list({ limit: Number.MAX_SAFE_INTEGER });
}

describe("one key, every kind of write at once", () => {
  test("lending, oracle pushes and wallet sends from one key: no error, no nonce clash, every write in the history", async () => {
    // Account 7 is the oracle's updater, a stored (system) wallet — id 8 — and a lending user.
    const shared = devnet.accounts[7] as { address: `0x${string}`; privateKey: `0x${string}` };
    const startNonce = await client().getTransactionCount({ address: shared.address });
    const platform = await createPlatform({
      transport: http(devnet.rpcUrl),
      pollingInterval: 100,
      contracts: { updaterPrivateKey: shared.privateKey },
      oracle: { interval: 150 },
    });
    platforms.push(platform);
    const oracleEvents: OracleEvent[] = [];
    platform.events.on("oracle", (event) => oracleEvents.push(event));
    const walletId = 8;
    expect((await platform.wallets.get(walletId)).address).toBe(shared.address);

    await platform.oracle.start();
    const lending = (async () => {
      const deposit = await platform.lending.deposit({
        privateKey: shared.privateKey,
        token: "ETH",
        amount: "10",
      });
      const borrow = await platform.lending.borrow({ fromWalletId: walletId, token: "USDC", amount: "1000" });
      // Repaying USDC approves the pool first: two transactions from the key.
      const repay = await platform.lending.repay({
        account: privateKeyToAccount(shared.privateKey),
        token: "USDC",
        amount: "400",
      });
      return [deposit, borrow, repay];
    })();
    const sends = Array.from({ length: 30 }, (_, index) =>
      platform.sender.sendFromWallet({
        fromWalletId: walletId,
        to: recipient,
        amount: `0.0${(index % 9) + 1}`,
      }),
    );
    const manualPushes = [
      platform.oracle.setPrice("ETH", "2100"),
      platform.oracle.push(),
      platform.oracle.push(),
    ];
    const settled = await Promise.allSettled([lending, ...sends, ...manualPushes]);
    expect(settled.filter((outcome) => outcome.status === "rejected")).toEqual([]);
    const receipts = await lending;
    const sent = await Promise.all(sends);
    await Promise.all(sent.map((entry) => platform.transactions.wait(entry.id)));
    await platform.oracle.stop();

    expect(oracleEvents.filter((event) => event.type === "push-failed")).toEqual([]);
    const pushedHashes = oracleEvents.flatMap((event) => (event.type === "pushed" ? [event.hash] : []));
    // The loop's first push, then the manual ones and the loop's ticks meanwhile. The two manual
    // pushes, asked for together, waited together behind the one in flight: they share one.
    const [set, first, second] = (await Promise.all(manualPushes)) as { hash: string }[];
    expect(second?.hash).toBe(first?.hash);
    expect(pushedHashes).toEqual(expect.arrayContaining([set?.hash, first?.hash]));
    expect(pushedHashes.length).toBeGreaterThanOrEqual(2);

    // Every transaction the key sent is in the history, confirmed, with consecutive nonces and
    // what sent it; the chain counts exactly as many.
    const fromKey = (await wholeHistory(platform))
      .filter((record) => record.from === shared.address)
      .sort((a, b) => a.nonce - b.nonce);
    const mined = await client().getTransactionCount({ address: shared.address });
    expect(fromKey.map((record) => record.nonce)).toEqual(
      Array.from({ length: mined - startNonce }, (_, index) => startNonce + index),
    );
    expect(fromKey.every((record) => record.status === "confirmed")).toBe(true);
    const bySource = (source: string) => fromKey.filter((record) => record.source === source);
    expect(bySource("sdk")).toHaveLength(30);
    // deposit, borrow, approve, repay
    expect(bySource("lending")).toHaveLength(4);
    expect(bySource("oracle")).toHaveLength(pushedHashes.length);
    expect(fromKey).toHaveLength(30 + 4 + pushedHashes.length);
    const hashes = new Set(fromKey.map((record) => record.hash));
    for (const receipt of receipts) expect(hashes.has(receipt.hash)).toBe(true);
    for (const hash of pushedHashes) expect(hashes.has(hash)).toBe(true);

    // The same history through the filter.
    const lendingEntries = await platform.transactions.list({ source: "lending" });
    expect(lendingEntries.map((entry) => entry.hash).sort()).toEqual(
      bySource("lending")
        .map((record) => record.hash)
        .sort(),
    );
    expect(await platform.lending.position(shared.address)).toMatchObject({ debtUSD: "600" });
    expect(await client().getBalance({ address: recipient })).toBeGreaterThan(parseEther("0.1"));
  });

  test("the contracts' deployment, wiring and key funding are in the history too", async () => {
    const platform = await createPlatform({ transport: http(devnet.rpcUrl), contracts: true });
    platforms.push(platform);
    const { addresses, owner, updater } = await platform.contracts.get();
    const history = await wholeHistory(platform);

    const deployment = history.filter((record) => record.source === "deployment");
    expect(deployment.every((record) => record.from === owner && record.status === "confirmed")).toBe(true);
    const deployed = new Set(deployment.map((record) => record.to));
    const { priceFeeds, ...contracts } = addresses;
    for (const address of [...Object.values(contracts), ...Object.values(priceFeeds)]) {
      expect(deployed.has(address), address).toBe(true);
    }
    // Wiring calls go to the oracle, the pool and the tokens (approvals).
    expect(deployment.filter((record) => record.to === addresses.lendingPool).length).toBeGreaterThan(1);

    const funding = history.filter((record) => record.source === "funding");
    expect(funding.map((record) => record.to).sort()).toEqual([owner, updater].sort());
    expect(await platform.transactions.list({ source: "deployment", limit: 1000 })).toHaveLength(
      deployment.length,
    );
  });
});

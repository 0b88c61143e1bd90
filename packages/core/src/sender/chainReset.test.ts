import { useDevnet } from "@privnet/devnet/vitest";
import { getAddress, http } from "viem";
import { expect, test } from "vitest";
import { createPlatform } from "../platform/createPlatform.js";

// Its own file: a reset discards the chain that the per-test snapshots belong to.
const devnet = useDevnet();
const recipient = getAddress("0x00000000000000000000000000000000000000bb");

test("recovers from a chain reset: later sends succeed and earlier pending ones resolve", async () => {
  const platform = await createPlatform({ transport: http(devnet.rpcUrl), pollingInterval: 100 });
  try {
    const before = await platform.sender.sendFromWallet({ fromWalletId: 2, to: recipient, amount: "1" });
    expect((await platform.transactions.wait(before.id)).status).toBe("confirmed");

    // Two transfers stay in the pool, then the chain is reset under them.
    await devnet.request("evm_setAutomine", [false]);
    const stranded = await Promise.all([
      platform.sender.sendFromWallet({ fromWalletId: 2, to: recipient, amount: "2" }),
      platform.sender.sendFromWallet({ fromWalletId: 2, to: recipient, amount: "3" }),
    ]);
    await devnet.reset();

    const after = await Promise.all([
      platform.sender.sendFromWallet({ fromWalletId: 2, to: recipient, amount: "4" }),
      platform.sender.sendFromWallet({ fromWalletId: 2, to: recipient, amount: "5" }),
    ]);
    const settledAfter = await Promise.all(after.map((entry) => platform.transactions.wait(entry.id)));
    expect(settledAfter.map((entry) => entry.status)).toEqual(["confirmed", "confirmed"]);
    const records = await Promise.all(after.map((entry) => platform.storage.transactions.get(entry.id)));
    expect(records.map((record) => record?.nonce)).toEqual([0, 1]);

    const settledBefore = await Promise.all(stranded.map((entry) => platform.transactions.wait(entry.id)));
    expect(settledBefore.map((entry) => entry.status)).toEqual(["failed", "failed"]);
    // The history against the new chain: nothing confirmed that it does not hold, and as many
    // confirmed sends of the wallet as its nonce.
    expect((await platform.transactions.verify()).mismatches).toEqual([]);
    const wallet = await platform.wallets.get(2);
    expect(await platform.client.getTransactionCount({ address: wallet.address })).toBe(2);
  } finally {
    await platform.close();
  }
});

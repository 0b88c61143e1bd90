import { createPlatform } from "@privnet/core";
import { useDevnet } from "@privnet/devnet/vitest";
import { http } from "viem";
import { expect, test } from "vitest";
import { describeWithPostgres } from "./fixtures/describeWithPostgres.js";
import { postgresStorage } from "./postgresStorage.js";

const devnet = useDevnet();

describeWithPostgres("platform snapshots on PostgreSQL", (databaseUrl) => {
  test("revert brings the chain and the database back together: history, wallets, nonces", async () => {
    const schema = `snapshot_${Date.now().toString(36)}`;
    const storage = postgresStorage({ connectionString: databaseUrl(), schema });
    const platform = await createPlatform({ transport: http(devnet.rpcUrl), pollingInterval: 100, storage });
    try {
      const first = await platform.sender.sendFromWallet({
        fromWalletId: 4,
        to: devnet.accounts[9]?.address ?? "",
        amount: "1",
      });
      const kept = await platform.transactions.wait(first.id);
      const wallets = await platform.wallets.list();
      const snapshot = await platform.snapshot();

      const wallet = await platform.wallets.create({ name: "erased" });
      const second = await platform.sender.sendFromWallet({
        fromWalletId: 4,
        to: wallet.address,
        amount: "2",
      });
      expect(await platform.transactions.wait(second.id)).toMatchObject({ status: "confirmed" });
      const secondNonce = (await storage.transactions.get(second.id))?.nonce;
      await platform.revert(snapshot);

      expect(await platform.transactions.list()).toEqual([kept]);
      expect(await platform.wallets.list()).toEqual(wallets);
      expect(await platform.client.getBalance({ address: wallet.address })).toBe(0n);
      // The nonce the erased transfer took is given again, and the new record gets a new id.
      const third = await platform.sender.sendFromWallet({
        fromWalletId: 4,
        to: wallet.address,
        amount: "3",
      });
      expect(await platform.transactions.wait(third.id)).toMatchObject({ status: "confirmed" });
      expect(third.id).toBeGreaterThan(second.id);
      const nonceOf = async (id: number) => (await storage.transactions.get(id))?.nonce;
      expect(await nonceOf(third.id)).toBe(secondNonce);
      expect(await nonceOf(third.id)).toBe(((await nonceOf(first.id)) ?? Number.NaN) + 1);
    } finally {
      await platform.close();
    }
  });
});

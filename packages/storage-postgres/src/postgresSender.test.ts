import { createPlatform } from "@privnet/core";
import { useDevnet } from "@privnet/devnet/vitest";
import { getAddress, http } from "viem";
import { expect, test } from "vitest";
import { describeWithPostgres } from "./fixtures/describeWithPostgres.js";
import { postgresStorage } from "./postgresStorage.js";

const devnet = useDevnet();
const recipient = getAddress("0x00000000000000000000000000000000000000bb");
// Hundreds of transactions on a shared machine: a safety net, not a timing assertion.
const heavyTestTimeout = 120_000;

describeWithPostgres("two platforms on one PostgreSQL database", (databaseUrl) => {
  test(
    "send from one wallet at once and never collide on a nonce",
    async () => {
      // Two adapters, two connection pools: to the server these are two processes.
      const schema = `sender_${Date.now().toString(36)}`;
      const firstStorage = postgresStorage({ connectionString: databaseUrl(), schema });
      const secondStorage = postgresStorage({ connectionString: databaseUrl(), schema });
      const connect = (storage: typeof firstStorage) =>
        createPlatform({ transport: http(devnet.rpcUrl), pollingInterval: 100, storage });
      // Started one after the other: both register the system wallets, the second finds them stored.
      const first = await connect(firstStorage);
      const second = await connect(secondStorage);
      try {
        const wallet = (await first.wallets.list()).find(
          (entry) => entry.address === devnet.accounts[6]?.address,
        );
        if (!wallet) throw new Error("system wallet 7 is not registered");
        const nonceBefore = await first.client.getTransactionCount({ address: wallet.address });
        const sendMany = (platform: typeof first, count: number) =>
          Array.from({ length: count }, () =>
            platform.sender.sendFromWallet({ fromWalletId: wallet.id, to: recipient, amount: "0.01" }),
          );
        const sent = await Promise.all([...sendMany(first, 75), ...sendMany(second, 75)]);
        const settled = await Promise.all(
          sent.map((entry, index) => (index < 75 ? first : second).transactions.wait(entry.id)),
        );
        expect(settled.map((entry) => entry.status)).toEqual(Array(150).fill("confirmed"));

        // One history in the shared database, with 150 distinct, contiguous nonces.
        const records = await firstStorage.transactions.list({ limit: 1_000 });
        expect(records).toHaveLength(150);
        const nonces = records.map((record) => record.nonce).sort((a, b) => a - b);
        expect(nonces).toEqual(Array.from({ length: 150 }, (_, index) => nonceBefore + index));
        expect(await first.client.getTransactionCount({ address: wallet.address })).toBe(nonceBefore + 150);
      } finally {
        await first.close();
        await second.close();
      }
    },
    heavyTestTimeout,
  );
});

import { useDevnet } from "@privnet/devnet/vitest";
import { custom, http, parseEther } from "viem";
import { mnemonicToAccount } from "viem/accounts";
import { describe, expect, test } from "vitest";
import { isPrivnetError } from "../errors/PrivnetError.js";
import { createPlatform } from "../platform/createPlatform.js";
import { KEY_ENVELOPE_PREFIX } from "../signing/KeyVault.js";
import { memoryStorage } from "../storage/memoryStorage.js";

const devnet = useDevnet();
const isoMillis = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

describe("platform.wallets", () => {
  test("create() makes a key from a fresh 12-word mnemonic, shown once and never stored", async () => {
    const platform = await createPlatform({ transport: http(devnet.rpcUrl) });
    try {
      const created = await platform.wallets.create({ name: "alice" });
      expect(Object.keys(created).sort()).toEqual([
        "address",
        "balance",
        "id",
        "mnemonic",
        "name",
        "privateKey",
      ]);
      expect(created).toMatchObject({ name: "alice", balance: 0n });
      expect(created.mnemonic.split(" ")).toHaveLength(12);
      const derived = mnemonicToAccount(created.mnemonic); // m/44'/60'/0'/0/0
      expect(derived.address).toBe(created.address);
      expect(created.privateKey).toMatch(/^0x[0-9a-f]{64}$/);

      const stored = await platform.storage.wallets.get(created.id);
      expect(JSON.stringify(stored)).not.toContain(created.mnemonic.split(" ")[0] ?? "-");
      expect(stored?.createdAt).toMatch(isoMillis);
      expect(stored?.system).toBe(false);
    } finally {
      await platform.close();
    }
  });

  test("a missing name gets a readable default", async () => {
    const platform = await createPlatform({ transport: http(devnet.rpcUrl) });
    try {
      const created = await platform.wallets.create();
      expect(created.name).toBe(`Wallet ${created.address.slice(0, 6)}…${created.address.slice(-4)}`);
    } finally {
      await platform.close();
    }
  });

  test("import() stores a key and returns no private key; the same address twice is WALLET_EXISTS", async () => {
    const platform = await createPlatform({ transport: http(devnet.rpcUrl), registerSystemWallets: false });
    try {
      const account = devnet.accounts[9];
      const imported = await platform.wallets.import({ name: "nine", privateKey: account?.privateKey ?? "" });
      expect(imported).toEqual({
        id: imported.id,
        name: "nine",
        address: account?.address,
        balance: parseEther("1000000000"),
      });
      const again = await platform.wallets
        .import({ privateKey: account?.privateKey.slice(2).toUpperCase() ?? "" })
        .catch((error: unknown) => error);
      expect(isPrivnetError(again, "WALLET_EXISTS")).toBe(true);
      const bad = await platform.wallets.import({ privateKey: "0xabc" }).catch((error: unknown) => error);
      expect(isPrivnetError(bad, "INVALID_PRIVATE_KEY")).toBe(true);
      expect(await platform.storage.wallets.list()).toHaveLength(1);
    } finally {
      await platform.close();
    }
  });

  test("list() gives balances and no private keys; get() adds the key; remove() deletes", async () => {
    const platform = await createPlatform({ transport: http(devnet.rpcUrl) });
    try {
      const created = await platform.wallets.create({ name: "bob" });
      await devnet.request("anvil_setBalance", [created.address, "0xde0b6b3a7640000"]); // 1 ETH
      const list = await platform.wallets.list();
      expect(list).toHaveLength(22);
      const bob = list.find((wallet) => wallet.id === created.id);
      expect(bob).toEqual({
        id: created.id,
        name: "bob",
        address: created.address,
        balance: parseEther("1"),
        createdAt: expect.stringMatching(isoMillis),
        system: false,
      });
      const asText = JSON.stringify(list, (_key, value) =>
        typeof value === "bigint" ? String(value) : value,
      );
      expect(asText).not.toContain("private");

      expect(await platform.wallets.get(created.id)).toEqual({ ...bob, privateKey: created.privateKey });
      expect(await platform.wallets.remove(created.id)).toEqual({ success: true });
      for (const call of [
        () => platform.wallets.get(created.id),
        () => platform.wallets.remove(created.id),
      ]) {
        const error = await call().catch((caught: unknown) => caught);
        expect(isPrivnetError(error, "WALLET_NOT_FOUND")).toBe(true);
      }
      const silly = await platform.wallets.get(-1.5).catch((caught: unknown) => caught);
      expect(isPrivnetError(silly, "WALLET_NOT_FOUND")).toBe(true);
    } finally {
      await platform.close();
    }
  });

  test("the 21 prefunded accounts are registered once as system wallets, also across restarts", async () => {
    const storage = memoryStorage();
    const first = await createPlatform({ transport: http(devnet.rpcUrl), storage });
    const second = await createPlatform({ transport: http(devnet.rpcUrl), storage });
    try {
      const wallets = await second.wallets.list();
      expect(wallets).toHaveLength(21);
      expect(wallets.every((wallet) => wallet.system)).toBe(true);
      expect(wallets.map((wallet) => wallet.address)).toEqual(
        devnet.accounts.map((account) => account.address),
      );
      expect(wallets[0]?.name).toBe("System 0");
      expect(wallets[0]?.balance).toBe(parseEther("1000000000"));
    } finally {
      await first.close();
      await second.close();
    }
  });

  test("with a passphrase keys are encrypted at rest and decrypted only for get() and signing", async () => {
    const storage = memoryStorage();
    const platform = await createPlatform({
      transport: http(devnet.rpcUrl),
      storage,
      encryptionPassphrase: "hunter2 but longer",
      pollingInterval: 100,
    });
    try {
      const created = await platform.wallets.create();
      const stored = await storage.wallets.get(created.id);
      expect(stored?.privateKey.startsWith(KEY_ENVELOPE_PREFIX)).toBe(true);
      const system = await storage.wallets.get(1);
      expect(system?.privateKey.startsWith(KEY_ENVELOPE_PREFIX)).toBe(true);
      expect((await platform.wallets.get(created.id)).privateKey).toBe(created.privateKey);
      const sent = await platform.sender.sendFromWallet({
        fromWalletId: 1,
        to: created.address,
        amount: "2",
      });
      expect((await platform.transactions.wait(sent.id)).status).toBe("confirmed");
    } finally {
      await platform.close();
    }
  });

  test("a wrong passphrase is WALLET_DECRYPTION_FAILED when a key is needed", async () => {
    // Two platforms on one storage stand in for a restart with another passphrase.
    const storage = memoryStorage();
    const first = await createPlatform({
      transport: http(devnet.rpcUrl),
      storage,
      encryptionPassphrase: "right",
    });
    const second = await createPlatform({
      transport: http(devnet.rpcUrl),
      storage,
      encryptionPassphrase: "wrong",
    });
    try {
      const error = await second.wallets.get(1).catch((caught: unknown) => caught);
      expect(isPrivnetError(error, "WALLET_DECRYPTION_FAILED")).toBe(true);
      const sendError = await second.sender
        .sendFromWallet({ fromWalletId: 1, to: devnet.accounts[2]?.address ?? "", amount: "1" })
        .catch((caught: unknown) => caught);
      expect(isPrivnetError(sendError, "WALLET_DECRYPTION_FAILED")).toBe(true);
      // Listing needs no key.
      expect(await second.wallets.list()).toHaveLength(21);
    } finally {
      await first.close();
      await second.close();
    }
  });
});

test("platform.wallets.list() costs one JSON-RPC request, however many wallets", async () => {
  const inner = http(devnet.rpcUrl)({ chain: devnet.chain });
  let requests = 0;
  const transport = custom({
    request(args) {
      requests++;
      return inner.request(args);
    },
  });
  // No block polling during the count: the watcher's and the explorer's polls would be requests
  // of their own.
  const platform = await createPlatform({ transport, pollingInterval: 3_600_000, explorer: false });
  try {
    for (let index = 0; index < 10; index++) await platform.wallets.create();
    requests = 0;
    const wallets = await platform.wallets.list();
    expect(wallets).toHaveLength(31);
    expect(requests).toBe(1);
  } finally {
    await platform.close();
  }
});

test("a storage that fails to answer a wallet lookup is STORAGE_UNREACHABLE, whatever its driver raised", async () => {
  // node-postgres ends a query on a dropped connection with "Connection terminated unexpectedly",
  // an error with no code: it must not reach an HTTP client as a 500.
  const storage = memoryStorage();
  let down = false;
  const failing = {
    ...storage,
    wallets: {
      ...storage.wallets,
      get: (id: number) =>
        down ? Promise.reject(new Error("Connection terminated unexpectedly")) : storage.wallets.get(id),
    },
  };
  const platform = await createPlatform({ transport: http(devnet.rpcUrl), storage: failing });
  try {
    down = true;
    const lookups = await Promise.all([
      platform.wallets.get(2).catch((error: unknown) => error),
      platform.sender
        .sendFromWallet({ fromWalletId: 2, to: devnet.accounts[3]?.address ?? "0x", amount: "1" })
        .catch((error: unknown) => error),
    ]);
    for (const error of lookups)
      expect(isPrivnetError(error, "STORAGE_UNREACHABLE"), String(error)).toBe(true);
    // A read says what failed; a send also says that it sent nothing.
    expect(lookups[0]).toMatchObject({ nothingSent: false, shortMessage: "The storage did not answer." });
    expect(lookups[1]).toMatchObject({
      nothingSent: true,
      shortMessage: "The storage did not answer; nothing was sent.",
    });
    down = false;
    expect((await platform.wallets.get(2)).address).toBe(devnet.accounts[1]?.address);
  } finally {
    await platform.close();
  }
});

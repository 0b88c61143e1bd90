import { useDevnet } from "@privnet/devnet/vitest";
import { getAddress, http, parseEther, toHex } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { expect, test } from "vitest";
import { createPlatform } from "../platform/createPlatform.js";
import { readWholeHistory } from "../storage/readWholeHistory.js";
import { nextTransactionEvent } from "../transactions/fixtures/nextTransactionEvent.js";

// An `evm_revert` takes away the blocks of a key's first transactions while later ones still wait
// in anvil's pool, which keeps them ready above the key's count. When the key still has ETH, the
// holes are filled and everything lands in the next block; when the revert took its ETH too, the
// holes cannot be filled: what waits above them fails, leaves the pool, and the key's next send
// gets the nonce the revert freed.
const devnet = useDevnet();
const recipient = getAddress("0x00000000000000000000000000000000000000bb");

test("after a revert that kept the key's ETH: the filler comes first in the next block and the pooled sends land in it", async () => {
  const key = generatePrivateKey();
  const address = privateKeyToAccount(key).address;
  await devnet.request("anvil_setBalance", [address, toHex(parseEther("10"))]);
  const snapshot = await devnet.request<string>("evm_snapshot");
  // No replacement or resubmission can rescue a send anvil dropped: they come after the test's
  // timeout.
  const platform = await createPlatform({
    transport: http(devnet.rpcUrl),
    pollingInterval: 100,
    replaceAfter: 120_000,
  });
  try {
    const wallet = await platform.wallets.import({ privateKey: key });
    const send = (amount: string) =>
      platform.sender.sendFromWallet({ fromWalletId: wallet.id, to: recipient, amount });
    const mined = await send("0.1");
    expect((await platform.transactions.wait(mined.id)).status).toBe("confirmed");
    await devnet.request("evm_setAutomine", [false]);
    const waiting = [await send("0.2"), await send("0.3")];
    const filled = nextTransactionEvent(
      platform,
      (record) => record.source === "nonce-gap-filler" && record.from === address,
    );

    // Nonce 0 is a hole under 1 and 2. anvil keeps 1 and 2 ready: a filler priced like them
    // would be mined after them, and they would be dropped as too far ahead.
    expect(await devnet.request<boolean>("evm_revert", [snapshot])).toBe(true);
    const filler = await filled;
    expect(filler.nonce).toBe(0);
    await devnet.request("evm_mine");
    const block = await platform.client.getBlock({ blockTag: "latest" });
    const hashes = await Promise.all(
      [filler.id, ...waiting.map((sent) => sent.id)].map(
        async (id) => (await platform.storage.transactions.get(id))?.hash,
      ),
    );
    expect(block.transactions).toEqual(hashes);
    const settled = await Promise.all(waiting.map((sent) => platform.transactions.wait(sent.id)));
    expect(settled.map((entry) => [entry.status, entry.blockNumber])).toEqual([
      ["confirmed", block.number],
      ["confirmed", block.number],
    ]);
    expect((await platform.transactions.verify()).mismatches).toEqual([]);
  } finally {
    await devnet.request("evm_setAutomine", [true]);
    await platform.close();
  }
});

test("after a revert that took a key's ETH: no filler above the first hole, nothing left in the pool, the next send gets the freed nonce", async () => {
  const snapshot = await devnet.request<string>("evm_snapshot");
  const key = generatePrivateKey();
  const address = privateKeyToAccount(key).address;
  const fund = () => devnet.request("anvil_setBalance", [address, toHex(parseEther("10"))]);
  // The check of stuck transactions comes after the test's timeout: a send given a nonce past a
  // hole would wait there and fail the test, not be replaced and land.
  const platform = await createPlatform({
    transport: http(devnet.rpcUrl),
    pollingInterval: 100,
    replaceAfter: 120_000,
  });
  try {
    await fund();
    const wallet = await platform.wallets.import({ privateKey: key });
    const send = (amount: string) =>
      platform.sender.sendFromWallet({ fromWalletId: wallet.id, to: recipient, amount });
    const nonceOf = async (id: number) => (await platform.storage.transactions.get(id))?.nonce;
    for (const amount of ["0.1", "0.2"]) {
      const mined = await send(amount);
      expect((await platform.transactions.wait(mined.id)).status).toBe("confirmed");
    }
    await devnet.request("evm_setAutomine", [false]);
    const waiting = [await send("0.3"), await send("0.4")];
    expect(await Promise.all(waiting.map((sent) => nonceOf(sent.id)))).toEqual([2, 3]);

    // Back to before the key had ETH: nonces 0 and 1 are holes under 2 and 3; the filler of 0 is
    // refused (no ETH), and one for 1 would only wait behind it.
    expect(await devnet.request<boolean>("evm_revert", [snapshot])).toBe(true);
    const settled = await Promise.all(waiting.map((sent) => platform.transactions.wait(sent.id)));
    expect(settled.map((entry) => entry.status)).toEqual(["failed", "failed"]);
    // Out of the pool before any block: anvil would count them in the key's pending nonce.
    expect(await platform.client.getTransactionCount({ address, blockTag: "pending" })).toBe(0);
    const pool = await devnet.request<{ pending: Record<string, unknown>; queued: Record<string, unknown> }>(
      "txpool_content",
    );
    const pooledFrom = [...Object.keys(pool.pending), ...Object.keys(pool.queued)].map((from) =>
      from.toLowerCase(),
    );
    expect(pooledFrom).not.toContain(address.toLowerCase());
    const history = await readWholeHistory(platform.storage);
    expect(
      history.filter((record) => record.source === "nonce-gap-filler" && record.from === address),
    ).toEqual([]);

    // Funded again, the key sends from the nonce the revert freed, and it lands.
    await devnet.request("evm_setAutomine", [true]);
    await fund();
    const next = await send("0.5");
    expect(await nonceOf(next.id)).toBe(0);
    expect((await platform.transactions.wait(next.id)).status).toBe("confirmed");
  } finally {
    await devnet.request("evm_setAutomine", [true]);
    await platform.close();
  }
});

import { useDevnet } from "@privnet/devnet/vitest";
import { custom, getAddress, type Hex, http, parseTransaction, recoverTransactionAddress, toHex } from "viem";
import { expect, test } from "vitest";
import { createPlatform } from "../platform/createPlatform.js";

const devnet = useDevnet();
const recipient = getAddress("0x00000000000000000000000000000000000000bb");

test("a failed poll of the node is counted in watcherStatus and retried: the transaction still confirms", async () => {
  // The node behind a transport that fails the watcher's next two reads of a block's receipts.
  const inner = http(devnet.rpcUrl)({ chain: devnet.chain, retryCount: 0 });
  let failures = 0;
  const transport = custom(
    {
      async request({ method, params }) {
        if (method === "eth_getBlockReceipts" && failures > 0) {
          failures--;
          throw new Error("node briefly away");
        }
        return inner.request({ method, params });
      },
    },
    { retryCount: 0 },
  );
  const platform = await createPlatform({ transport, pollingInterval: 100, replaceAfter: 1_000 });
  try {
    expect(platform.transactions.watcherStatus()).toEqual({ following: 0, errors: 0, lastError: null });
    failures = 2;
    const sent = await platform.sender.sendFromWallet({ fromWalletId: 2, to: recipient, amount: "1" });
    expect((await platform.transactions.wait(sent.id)).status).toBe("confirmed");
    expect(failures).toBe(0);
    expect(platform.transactions.watcherStatus()).toMatchObject({
      following: 0,
      errors: 2,
      lastError: { code: null, message: expect.stringContaining("node briefly away") },
    });
  } finally {
    await platform.close();
  }
});

test("a transaction anvil holds back though it is next in line is released, with its hash, without waiting for replaceAfter", async () => {
  // anvil files a transaction that arrives while the block with the nonce before it is mined as
  // waiting for that nonce, and never wakes it. Made here on purpose: the node is told the
  // sender's count is one lower while the transaction goes in, then given the true count back.
  const inner = http(devnet.rpcUrl)({ chain: devnet.chain, retryCount: 0 });
  let holdBack = false;
  const transport = custom(
    {
      async request({ method, params }) {
        if (method === "eth_sendRawTransaction" && holdBack) {
          holdBack = false;
          const signed = parseTransaction((params as [Hex])[0]);
          const from = await recoverTransactionAddress({
            serializedTransaction: (params as [Hex])[0] as never,
          });
          const nonce = signed.nonce as number;
          await inner.request({ method: "anvil_setNonce", params: [from, toHex(nonce - 1)] });
          const hash = await inner.request({ method, params });
          await inner.request({ method: "anvil_setNonce", params: [from, toHex(nonce)] });
          return hash;
        }
        if (method === "anvil_removePoolTransactions" && !during) {
          const removed = await inner.request({ method, params });
          // A send from the same wallet while the release has its transactions out of the pool:
          // anvil's counts then show neither, and their nonces must not be given again.
          during = platform.sender.sendFromWallet({ fromWalletId: 2, to: recipient, amount: "4" });
          await during;
          return removed;
        }
        return inner.request({ method, params });
      },
    },
    { retryCount: 0 },
  );
  let during: Promise<{ id: number; hash: Hex }> | undefined;
  // No replacement for ten minutes: only the held-back check can get it mined in time.
  const platform = await createPlatform({ transport, pollingInterval: 100, replaceAfter: 600_000 });
  try {
    await platform.transactions.wait(
      (await platform.sender.sendFromWallet({ fromWalletId: 2, to: recipient, amount: "1" })).id,
    );
    holdBack = true;
    const held = await platform.sender.sendFromWallet({ fromWalletId: 2, to: recipient, amount: "2" });
    // Behind it, from the same wallet: waits for it, and lands with it.
    const behind = await platform.sender.sendFromWallet({ fromWalletId: 2, to: recipient, amount: "3" });
    expect(holdBack).toBe(false);
    expect(await devnet.request("txpool_status")).toMatchObject({ queued: "0x2" });
    const [first, second] = await Promise.all([
      platform.transactions.wait(held.id),
      platform.transactions.wait(behind.id),
    ]);
    expect(first).toMatchObject({ status: "confirmed", hash: held.hash });
    expect(second).toMatchObject({ status: "confirmed", hash: behind.hash });
    // The release ran, with a send from the same wallet in the middle of it.
    if (!during) throw new Error("the held-back transaction was not released by putting it back");
    const third = await during;
    expect(await platform.transactions.wait(third.id)).toMatchObject({
      status: "confirmed",
      hash: third.hash,
    });
    // Neither the send behind it nor the one made during the release was given a nonce already
    // taken (anvil's pending count leaves queued transactions out, and the released ones are out
    // of the pool for a moment).
    const [heldNonce, ...after] = await Promise.all(
      [held.hash, behind.hash, third.hash].map(
        async (hash) => (await platform.client.getTransaction({ hash })).nonce,
      ),
    );
    expect(after).toEqual([Number(heldNonce) + 1, Number(heldNonce) + 2]);
  } finally {
    await platform.close();
  }
});

test("ready transactions an automining anvil did not mine are mined when the head stands still", async () => {
  // anvil's automine can miss ready transactions (a burst past its notice channel) and leave them
  // until the next send. Made here on purpose: the node mines nothing (automine off) while
  // telling the platform that it automines.
  await devnet.request("evm_setAutomine", [false]);
  const inner = http(devnet.rpcUrl)({ chain: devnet.chain, retryCount: 0 });
  const transport = custom(
    {
      request: ({ method, params }) =>
        method === "anvil_getAutomine" ? Promise.resolve(true) : inner.request({ method, params }),
    },
    { retryCount: 0 },
  );
  const platform = await createPlatform({ transport, pollingInterval: 100, replaceAfter: 600_000 });
  try {
    const sent = await platform.sender.sendFromWallet({ fromWalletId: 2, to: recipient, amount: "1" });
    expect(await devnet.request("txpool_status")).toMatchObject({ pending: "0x1" });
    expect(await platform.transactions.wait(sent.id)).toMatchObject({ status: "confirmed", hash: sent.hash });
  } finally {
    await platform.close();
    await devnet.request("evm_setAutomine", [true]);
  }
});

import { useDevnet } from "@privnet/devnet/vitest";
import { custom, getAddress, http } from "viem";
import { expect, test } from "vitest";
import { createPlatform } from "../platform/createPlatform.js";
import type { TransactionRecord } from "../storage/StorageAdapter.js";

// The chain goes back while the watcher is reading it: between its read of the head and its check
// that the block it saw last is still there. Whatever the order of those reads, the revert is seen
// and the record it took back is no longer called confirmed.
const devnet = useDevnet();
const recipient = getAddress("0x00000000000000000000000000000000000000bb");

test("a revert in the middle of the watcher's reads is still seen: the transfer it took back fails", async () => {
  const snapshot = await devnet.request<string>("evm_snapshot");
  const inner = http(devnet.rpcUrl)({ chain: devnet.chain, retryCount: 0 });
  // While armed, the chain goes back before the watcher's read of the head is answered: right
  // away when that read comes alone, or just after a read of a block by number made beside it is
  // answered (the order in which a revert between the two reads went unseen).
  let armed = false;
  let reverted: Promise<unknown> | undefined;
  const revert = () => {
    armed = false;
    reverted ??= inner.request({ method: "evm_revert", params: [snapshot] });
    return reverted;
  };
  let besideHead: Promise<unknown> | undefined;
  const transport = custom(
    {
      async request({ method, params }) {
        if (!armed || method !== "eth_getBlockByNumber") return inner.request({ method, params });
        if ((params as [string])[0] === "latest") {
          // Requests made beside this one have reached the transport once pending I/O callbacks ran.
          await new Promise((resolve) => setImmediate(resolve));
          await (besideHead ?? revert());
          return inner.request({ method, params });
        }
        besideHead = inner.request({ method, params }).then(async (answer) => {
          await revert();
          return answer;
        });
        return besideHead;
      },
    },
    { retryCount: 0 },
  );
  const platform = await createPlatform({ transport, pollingInterval: 50, replaceAfter: 120_000 });
  try {
    const sent = await platform.sender.sendFromWallet({ fromWalletId: 2, to: recipient, amount: "1" });
    expect(await platform.transactions.wait(sent.id)).toMatchObject({ status: "confirmed" });
    const failed = new Promise<TransactionRecord>((resolve) => {
      platform.events.on("transaction", (record) => {
        if (record.id === sent.id && record.status === "failed") resolve(record);
      });
    });

    // A new block makes the watcher read the chain; the revert comes during that read.
    armed = true;
    await devnet.request("evm_mine");
    expect(await failed).toMatchObject({ status: "failed", blockNumber: null });
    expect(await reverted).toBe(true);
    expect(await platform.client.getTransactionReceipt({ hash: sent.hash }).catch(() => undefined)).toBe(
      undefined,
    );
  } finally {
    await platform.close();
  }
});

// The head poller reads numbers. A revert and a new block at the same height between two of its
// polls leave the number as it was, and an automining devnet with nothing more to send mines no
// next block to show it: the still head's hash is looked at instead.
test("a revert and a new block at the same height between two polls: the transfer it took back fails", async () => {
  const snapshot = await devnet.request<string>("evm_snapshot");
  const platform = await createPlatform({
    transport: http(devnet.rpcUrl),
    pollingInterval: 50,
    replaceAfter: 120_000,
  });
  try {
    const sent = await platform.sender.sendFromWallet({ fromWalletId: 2, to: recipient, amount: "1" });
    const confirmed = await platform.transactions.wait(sent.id);
    expect(confirmed).toMatchObject({ status: "confirmed" });
    const failed = new Promise<TransactionRecord>((resolve) => {
      platform.events.on("transaction", (record) => {
        if (record.id === sent.id && record.status === "failed") resolve(record);
      });
    });
    // One batch: no poll of the head comes between the revert and the block that replaces it.
    const answers = (await (
      await fetch(devnet.rpcUrl, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify([
          { jsonrpc: "2.0", id: 1, method: "evm_revert", params: [snapshot] },
          { jsonrpc: "2.0", id: 2, method: "evm_mine", params: [] },
        ]),
      })
    ).json()) as { id: number; result?: unknown }[];
    expect(answers.find((answer) => answer.id === 1)?.result).toBe(true);
    expect(await platform.client.getBlockNumber({ cacheTime: 0 })).toBe(confirmed.blockNumber);
    expect(await failed).toMatchObject({ status: "failed", blockNumber: null });
    expect(await platform.client.getTransactionReceipt({ hash: sent.hash }).catch(() => undefined)).toBe(
      undefined,
    );
  } finally {
    await platform.close();
  }
});

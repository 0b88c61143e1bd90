/**
 * What anvil's own reorg methods do, measured: `anvil_reorg` and `anvil_rollback` (+ mining) on a
 * plain anvil (no clock relay), against what a real reorganisation does. Prints one line per fact;
 * docs/faults.md records the answers for anvil 1.7.1.
 *
 *   pnpm bench:anvil-reorg
 *
 * For each method, on a chain of 6 blocks that each hold one transaction emitting a log:
 * - do the last `depth` heights get new hashes?
 * - does `BLOCKHASH(n)` inside a contract equal `eth_getBlockByNumber(n).hash` afterwards?
 * - are the orphaned blocks' transactions on the chain again (a receipt), in the pool, or gone?
 * - does an `eth_subscribe("logs")` subscriber over WebSocket get `removed: true` logs?
 */
import { startDevnet } from "@privnet/devnet";
import { createPublicClient, createWalletClient, type Hash, type Hex, http, numberToHex, padHex } from "viem";
import { privateKeyToAccount } from "viem/accounts";

/** Runtime `LOG0(0, 0); STOP`: every call emits one log. */
const emitterRuntime = "6000" + "6000" + "a0" + "00";
/** Runtime: `mstore(0, blockhash(calldataload(0))); return(0, 32)`. */
const blockhashRuntime = "600035" + "40" + "600052" + "6020" + "6000" + "f3";

/** Creation code that returns `runtime` as the contract's code. */
function deployCode(runtime: string): Hex {
  const length = (runtime.length / 2).toString(16).padStart(2, "0");
  return `0x60${length}600c60003960${length}6000f3${runtime}`;
}

type Rpc = <T>(method: string, params?: unknown[]) => Promise<T>;

async function measure(label: string, reorg: (rpc: Rpc, orphanedRaw: Hex[]) => Promise<void>) {
  const devnet = await startDevnet({ port: 0, blockTime: 0, clock: false });
  const account = privateKeyToAccount(devnet.accounts[1]?.privateKey as Hex);
  const client = createPublicClient({ chain: devnet.chain, transport: http(devnet.rpcUrl) });
  const wallet = createWalletClient({ account, chain: devnet.chain, transport: http(devnet.rpcUrl) });
  const rpc: Rpc = (method, params = []) =>
    client.request({ method: method as "eth_chainId", params: params as never }) as never;
  const depth = 3;
  try {
    const emitter = (
      await client.waitForTransactionReceipt({
        hash: await wallet.sendTransaction({ data: deployCode(emitterRuntime) }),
      })
    ).contractAddress as Hex;
    const reader = (
      await client.waitForTransactionReceipt({
        hash: await wallet.sendTransaction({ data: deployCode(blockhashRuntime) }),
      })
    ).contractAddress as Hex;

    const removed: unknown[] = [];
    const added: unknown[] = [];
    const socket = new WebSocket(devnet.wsUrl);
    await new Promise((resolve) => socket.addEventListener("open", resolve, { once: true }));
    const subscribed = new Promise((resolve) => {
      socket.addEventListener("message", (event) => {
        const message = JSON.parse(String(event.data));
        if (message.id === 1) return resolve(message.result);
        const log = message.params?.result;
        if (!log) return;
        (log.removed ? removed : added).push(log);
      });
    });
    socket.send(
      JSON.stringify({
        jsonrpc: "2.0",
        id: 1,
        method: "eth_subscribe",
        params: ["logs", { address: emitter }],
      }),
    );
    await subscribed;

    const txs: Hash[] = [];
    for (let index = 0; index < 4; index++) {
      const hash = await wallet.sendTransaction({ to: emitter });
      await client.waitForTransactionReceipt({ hash });
      txs.push(hash);
    }
    const head = await client.getBlockNumber({ cacheTime: 0 });
    const heights = Array.from({ length: depth }, (_, index) => head - BigInt(depth - 1 - index));
    const before = await Promise.all(heights.map((number) => client.getBlock({ blockNumber: number })));
    const orphaned = before.flatMap((block) => block.transactions);
    const orphanedRaw = await Promise.all(
      orphaned.map((hash) => rpc<Hex>("eth_getRawTransactionByHash", [hash])),
    );
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const logsBefore = added.length;

    await reorg(rpc, orphanedRaw);
    const reorgedHead = await client.getBlockNumber({ cacheTime: 0 });
    // Right after the reorg, before any other block: BLOCKHASH of the heights below the head.
    const rightAfter: boolean[] = [];
    for (const number of heights.filter((number) => number < reorgedHead)) {
      const fromEvm = await client.call({ to: reader, data: padHex(numberToHex(number)) });
      rightAfter.push(fromEvm.data === (await client.getBlock({ blockNumber: number })).hash);
    }
    // One more block on top: BLOCKHASH(n) for every replaced height is readable from it.
    await rpc("evm_mine");
    // A measurement, not a test: give the subscription time to deliver what it would.
    await new Promise((resolve) => setTimeout(resolve, 1_000));

    const newHead = await client.getBlockNumber({ cacheTime: 0 });
    console.log(`\n${label} (depth ${depth}, head ${head} -> ${newHead})`);
    console.log(
      `  right after it, BLOCKHASH = getBlockByNumber for the replaced heights below the head: ${rightAfter.map((ok) => (ok ? "yes" : "no")).join(", ") || "(none)"}`,
    );
    for (const [index, number] of heights.entries()) {
      const after = await client.getBlock({ blockNumber: number });
      const fromEvm = await client.call({ to: reader, data: padHex(numberToHex(number)) });
      const old = before[index];
      console.log(
        `  block ${number}: new hash: ${after.hash !== old?.hash ? "yes" : "no"}; ` +
          `BLOCKHASH = getBlockByNumber: ${fromEvm.data === after.hash ? "yes" : `no (BLOCKHASH ${fromEvm.data === old?.hash ? "is the old hash" : fromEvm.data})`}; ` +
          `timestamp ${old?.timestamp} -> ${after.timestamp}; txs ${old?.transactions.length} -> ${after.transactions.length}`,
      );
    }
    const pool = await rpc<{ pending: Record<string, Record<string, { hash: Hash }>> }>("txpool_content");
    const pending = new Set(
      Object.values(pool.pending).flatMap((byNonce) => Object.values(byNonce).map((tx) => tx.hash)),
    );
    let remined = 0;
    let inPool = 0;
    let gone = 0;
    for (const hash of orphaned) {
      const receipt = await client.getTransactionReceipt({ hash }).catch(() => undefined);
      if (receipt && (await client.getBlock({ blockNumber: receipt.blockNumber })).hash === receipt.blockHash)
        remined++;
      else if (pending.has(hash)) inPool++;
      else gone++;
    }
    console.log(
      `  orphaned transactions: ${orphaned.length}; on the chain again: ${remined}; in the pool: ${inPool}; gone: ${gone}`,
    );
    console.log(
      `  log subscription: ${logsBefore} logs before; afterwards ${removed.length} with removed: true, ${added.length - logsBefore} more added`,
    );
    socket.close();
  } finally {
    await devnet.stop();
  }
}

await measure("anvil_reorg, no transactions given", async (rpc) => {
  await rpc("anvil_reorg", [3, []]);
});
await measure(
  "anvil_reorg, the orphaned transactions given back (raw bytes, same block offsets)",
  async (rpc, raw) => {
    await rpc("anvil_reorg", [3, raw.map((tx, index) => [tx, index])]);
  },
);
await measure("anvil_rollback(3), then 3 empty blocks (evm_mine)", async (rpc) => {
  await rpc("anvil_rollback", [3]);
  for (let index = 0; index < 3; index++) await rpc("evm_mine");
});
await measure(
  "anvil_rollback(3), then the orphaned raw transactions re-sent, one block each (automine)",
  async (rpc, raw) => {
    await rpc("anvil_rollback", [3]);
    for (const tx of raw) await rpc("eth_sendRawTransaction", [tx]);
  },
);
await measure(
  "anvil_rollback(3), automine off, each block mined at its old timestamp + 1 with its transaction",
  async (rpc, raw) => {
    const head = BigInt(await rpc<Hex>("eth_blockNumber"));
    const olds = [];
    for (let number = head - 2n; number <= head; number++)
      olds.push(await rpc<{ timestamp: Hex }>("eth_getBlockByNumber", [numberToHex(number), false]));
    await rpc("evm_setAutomine", [false]);
    await rpc("anvil_rollback", [3]);
    for (const [index, tx] of raw.entries()) {
      await rpc("eth_sendRawTransaction", [tx]);
      await rpc("evm_mine", [Number(BigInt(olds[index]?.timestamp ?? "0x0")) + 1]);
    }
    await rpc("evm_setAutomine", [true]);
  },
);

/**
 * `rebroadcast_after_pool_loss_ms`: 1,000 acknowledged sends from one wallet sit in anvil's pool
 * (interval mining paused); the pool is dropped (`anvil_dropAllTransactions`) and 1 s interval
 * mining resumes at the same moment. Measured: the time from the drop until every send is
 * `confirmed` again (the watcher notices the loss at the next block and puts them all back).
 *
 * Baseline, measured in the same run on the same devnet: what the issue allows, 2 × the time anvil
 * takes to ingest the same number of pre-signed transfers as JSON-RPC batches of 100 (4 in
 * flight) plus one block. Target: ratio ≤ 1.
 *
 *   pnpm bench:pool-loss                  # 1,000 sends, 3 rounds
 *   pnpm bench:pool-loss --sends 2000 --rounds 5
 */
import { parseArgs } from "node:util";
import { createPlatform } from "@privnet/core";
import { startDevnet } from "@privnet/devnet";
import { createPublicClient, type Hex, http } from "viem";
import { figure, median, rawBaselines, recordFigures } from "./harness/index.js";

const { values: args } = parseArgs({
  options: {
    sends: { type: "string", default: "1000" },
    rounds: { type: "string", default: "3" },
  },
});
const sends = Number(args.sends);
const rounds = Number(args.rounds);
const blockMs = 1_000;
const recipient: Hex = "0x000000000000000000000000000000000000bE0c";

const devnet = await startDevnet({ port: 0, blockTime: blockMs / 1_000 });
const client = createPublicClient({ chain: devnet.chain, transport: http(devnet.rpcUrl) });
const platform = await createPlatform({ transport: http(devnet.rpcUrl), pollingInterval: 100 });
const rpc = (method: string, params: unknown[] = []) =>
  client.request({ method: method as "eth_chainId", params: params as never });
try {
  const raw = rawBaselines({
    client,
    chain: devnet.chain,
    rpcUrl: devnet.rpcUrl,
    privateKey: devnet.accounts[1]?.privateKey as Hex,
    recipient,
    transfers: sends,
    concurrency: 64,
  });
  const wallet = (await platform.wallets.list()).find((w) => w.address === devnet.accounts[2]?.address);
  if (!wallet) throw new Error("system wallet 2 is missing");

  async function rebroadcastRound() {
    await rpc("evm_setIntervalMining", [0]);
    const sent = await Promise.all(
      Array.from({ length: sends }, () =>
        platform.sender.sendFromWallet({
          fromWalletId: wallet?.id as number,
          to: recipient,
          amount: "0.000001",
        }),
      ),
    );
    const started = performance.now();
    await rpc("anvil_dropAllTransactions");
    await rpc("evm_setIntervalMining", [blockMs / 1_000]);
    const settled = await Promise.all(sent.map((record) => platform.transactions.wait(record.id)));
    const elapsed = performance.now() - started;
    const failed = settled.filter((entry) => entry.status !== "confirmed").length;
    if (failed > 0) throw new Error(`${failed} of ${sends} sends did not end confirmed`);
    return elapsed;
  }
  /** ms anvil takes to accept `sends` pre-signed transfers in batches of 100, 4 in flight. */
  async function batchRound() {
    const perSecond = await raw.preSignedBatches();
    return (sends / perSecond) * 1_000;
  }

  // Warm-up: JIT, connections, the nonce manager, the signer's backend.
  await rebroadcastRound();
  await batchRound();
  const measured = { rebroadcast: [] as number[], batch: [] as number[] };
  for (let round = 0; round < rounds; round++) {
    measured.rebroadcast.push(await rebroadcastRound());
    measured.batch.push(await batchRound());
  }
  const ms = (value: number) => `${value.toFixed(0)} ms`;
  console.log(`sends per round: ${sends}, rounds: ${rounds}, ${blockMs} ms blocks`);
  console.log(
    `rebroadcast   ${measured.rebroadcast.map(ms).join(", ")} → median ${ms(median(measured.rebroadcast))}`,
  );
  console.log(`batch ingest  ${measured.batch.map(ms).join(", ")} → median ${ms(median(measured.batch))}`);
  const allowed = 2 * median(measured.batch) + blockMs;
  recordFigures({
    rebroadcast_after_pool_loss_ms: figure(
      median(measured.rebroadcast),
      allowed,
      "ms",
      `${sends} acknowledged sends, pool dropped, 1 s interval mining resumed at the drop: ms until all confirmed again, vs 2 × anvil's ingest of ${sends} pre-signed transfers in JSON-RPC batches of 100 (4 in flight) + one block; median of ${rounds} rounds`,
    ),
  });
} finally {
  await platform.close();
  await devnet.stop();
}

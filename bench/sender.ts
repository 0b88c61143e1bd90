/**
 * Sender throughput against a raw viem baseline, on one anvil in one run.
 *
 * Baseline: N transfers signed beforehand, sent with `eth_sendRawTransaction`, C requests in
 * flight. Sender: N concurrent `platform.sender.sendFromWallet` calls from one wallet (nonce
 * manager, validation, signing, history records included), keeping C in flight
 * (`maxInFlight`). For reference, a third line signs each transfer right before sending it, with
 * the same concurrency: the pre-signed baseline leaves signing out, a sender cannot. All measure until the node accepted the last transaction. Rounds alternate
 * so that neither side always runs on a fuller pool; the median of each side is compared.
 *
 *   pnpm bench                     # N=2000, C=64, 3 rounds
 *   pnpm bench --transfers 5000 --concurrency 32 --rounds 5
 */
import { parseArgs } from "node:util";
import { createPlatform } from "@privnet/core";
import { startDevnet } from "@privnet/devnet";
import { createPublicClient, type Hex, http } from "viem";
import { rawBaselines } from "./rawBaselines.js";

const { values: args } = parseArgs({
  options: {
    transfers: { type: "string", default: "2000" },
    concurrency: { type: "string", default: "64" },
    rounds: { type: "string", default: "3" },
  },
});
const transfers = Number(args.transfers);
const concurrency = Number(args.concurrency);
const rounds = Number(args.rounds);
const recipient: Hex = "0x000000000000000000000000000000000000bE0c";

// Interval mining: transactions pool up between blocks, as on the 2 s chain, without the 2 s wait.
const devnet = await startDevnet({ port: 0, blockTime: 1 });
try {
  const client = createPublicClient({ chain: devnet.chain, transport: http(devnet.rpcUrl) });
  const platform = await createPlatform({ transport: http(devnet.rpcUrl), maxInFlight: concurrency });
  const raw = rawBaselines({
    client,
    chain: devnet.chain,
    privateKey: devnet.accounts[1]?.privateKey as Hex,
    recipient,
    transfers,
    concurrency,
  });
  const senderWallet = (await platform.wallets.list()).find((w) => w.address === devnet.accounts[2]?.address);
  if (!senderWallet) throw new Error("system wallet 2 is missing");

  async function senderRound() {
    const started = performance.now();
    await Promise.all(
      Array.from({ length: transfers }, () =>
        platform.sender.sendFromWallet({
          fromWalletId: senderWallet?.id ?? 0,
          to: recipient,
          amount: "0.000001",
        }),
      ),
    );
    return transfers / ((performance.now() - started) / 1000);
  }

  // Warm-up: JIT, connections, caches.
  await raw.preSigned();
  await senderRound();
  const baseline: number[] = [];
  const signing: number[] = [];
  const sender: number[] = [];
  for (let round = 0; round < rounds; round++) {
    baseline.push(await raw.preSigned());
    signing.push(await raw.signThenSend());
    sender.push(await senderRound());
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
  const rate = (value: number) => `${value.toFixed(0)} tx/s`;
  const report = (label: string, values: number[]) =>
    console.log(`${label.padEnd(46)} ${values.map(rate).join(", ")} → median ${rate(median(values))}`);
  console.log(`transfers per round: ${transfers}, in flight: ${concurrency}, rounds: ${rounds}`);
  report("raw viem eth_sendRawTransaction (pre-signed):", baseline);
  report("raw viem sign + eth_sendRawTransaction:", signing);
  report("platform.sender.sendFromWallet:", sender);
  console.log(
    `sender / baseline throughput ratio: ${(median(sender) / median(baseline)).toFixed(2)} (target ≥ 0.9)`,
  );
  console.log(
    `sender / sign-and-send ratio (the manager's own cost): ${(median(sender) / median(signing)).toFixed(2)}`,
  );
  await platform.close();
} finally {
  await devnet.stop();
}

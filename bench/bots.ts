/**
 * The transfer bot at interval 0 against the raw viem baseline, on one anvil in one run.
 *
 * Baseline: N transfers signed beforehand and sent with `eth_sendRawTransaction`, C requests in
 * flight (as in bench/sender.ts). Bot: the transfer bot started with `interval: 0` — it sends as
 * fast as the node takes them, at most `maxPending` unconfirmed — timed from `start` until the node
 * accepted its N-th transaction. It pays for what the raw loop does not: picking a recipient,
 * signing, the nonce manager's lock and bookkeeping, a history record and two events per
 * transaction, and waiting for blocks once `maxPending` is reached. Rounds alternate; medians are
 * compared.
 *
 *   pnpm bench:bots                       # N=2000, C=64, 3 rounds
 *   pnpm bench:bots --transfers 5000 --rounds 5
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

// 1 s interval mining: transactions pool up between blocks as on the 2 s chain, without the wait.
const devnet = await startDevnet({ port: 0, blockTime: 1 });
try {
  const client = createPublicClient({ chain: devnet.chain, transport: http(devnet.rpcUrl) });
  const platform = await createPlatform({
    transport: http(devnet.rpcUrl),
    maxInFlight: concurrency,
    // Funded once for every round: no top-up inside a timed run.
    bots: { env: {}, topUp: "1000", minBalance: "1", transfer: { amount: "0.000001", recipients: "fresh" } },
  });
  const raw = rawBaselines({
    client,
    chain: devnet.chain,
    privateKey: devnet.accounts[1]?.privateKey as Hex,
    recipient,
    transfers,
    concurrency,
  });

  async function botRound(maxPending: number) {
    let accepted = 0;
    let started = 0;
    const done = new Promise<number>((resolve) => {
      const listener = (event: { bot: string; type: string; transaction?: { status: string } }) => {
        if (
          event.bot !== "transfer" ||
          event.type !== "transaction" ||
          event.transaction?.status !== "pending"
        )
          return;
        if (++accepted < transfers) return;
        platform.events.off("bot", listener);
        resolve(performance.now());
      };
      platform.events.on("bot", listener);
    });
    started = performance.now();
    await platform.bots.start("transfer", { interval: 0, maxPending });
    const ended = await done;
    await platform.bots.stop("transfer");
    await platform.bots.settled("transfer");
    return transfers / ((ended - started) / 1000);
  }

  // Warm-up (and the bot's one top-up) outside the timed rounds.
  await raw.preSigned();
  await botRound(transfers);
  const baseline: number[] = [];
  const signing: number[] = [];
  const unbounded: number[] = [];
  const bounded: number[] = [];
  for (let round = 0; round < rounds; round++) {
    baseline.push(await raw.preSigned());
    signing.push(await raw.signThenSend());
    unbounded.push(await botRound(transfers));
    bounded.push(await botRound(512));
  }
  const { stats } = await platform.bots.get("transfer");
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
  const rate = (value: number) => `${value.toFixed(0)} tx/s`;
  const report = (label: string, values: number[]) =>
    console.log(`${label.padEnd(52)} ${values.map(rate).join(", ")} → median ${rate(median(values))}`);
  console.log(`transfers per round: ${transfers}, in flight: ${concurrency}, rounds: ${rounds}, 1 s blocks`);
  report("raw viem eth_sendRawTransaction (pre-signed):", baseline);
  report("raw viem sign + eth_sendRawTransaction:", signing);
  report(`transfer bot, interval 0, maxPending ${transfers}:`, unbounded);
  report("transfer bot, interval 0, maxPending 512 (default):", bounded);
  console.log(`bot / baseline throughput ratio: ${(median(unbounded) / median(baseline)).toFixed(2)}`);
  console.log(
    `bot / sign-and-send ratio (the engine's and manager's own cost): ${(median(unbounded) / median(signing)).toFixed(2)}`,
  );
  console.log(
    `bot (default maxPending) / baseline ratio: ${(median(bounded) / median(baseline)).toFixed(2)} (bounded by 512 per block)`,
  );
  console.log(
    `bot totals: sent ${stats.sent}, confirmed ${stats.confirmed}, failed ${stats.failed}, errors ${stats.errors}`,
  );
  await platform.close();
} finally {
  await devnet.stop();
}

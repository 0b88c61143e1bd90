/**
 * The transfer bot at interval 0 against the raw viem baselines, on one anvil in one run (1 s
 * interval mining: transactions pool up between blocks as on the 2 s chain, without the wait).
 *
 * - `bot_vs_presigned`: the transfer bot started with `{ interval: 0 }` (its pending limit then
 *   follows the chain) and the memory storage, timed from `start` until the node accepted its
 *   N-th transaction — against N transfers signed beforehand and sent with
 *   `eth_sendRawTransaction`, C requests in flight.
 * - `bot_vs_sign_then_send`: the same bot against signing each transfer right before sending it:
 *   what the bot engine and the sender add (picking a recipient, the nonce manager's lock and
 *   bookkeeping, a history record and two events per transaction).
 *
 * Rounds alternate; medians are compared. `bench:block-fill` measures how full it keeps blocks.
 *
 *   pnpm bench:bots                       # N=2000, C=64, 3 rounds
 *   pnpm bench:bots --transfers 5000 --rounds 5
 */
import { parseArgs } from "node:util";
import { type BotEvent, createPlatform } from "@privnet/core";
import { startDevnet } from "@privnet/devnet";
import { createPublicClient, type Hex, http } from "viem";
import { figure, median, rawBaselines, recordFigures } from "./harness/index.js";

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
    rpcUrl: devnet.rpcUrl,
    privateKey: devnet.accounts[1]?.privateKey as Hex,
    recipient,
    transfers,
    concurrency,
  });

  /** Transactions per second from `start` until the node accepted the N-th. */
  async function botRound() {
    let accepted = 0;
    const done = new Promise<number>((resolve) => {
      const listener = (event: BotEvent) => {
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
    const started = performance.now();
    await platform.bots.start("transfer", { interval: 0 });
    const ended = await done;
    await platform.bots.stop("transfer");
    await platform.bots.settled("transfer");
    return transfers / ((ended - started) / 1000);
  }

  // Warm-up (and the bot's one top-up) outside the timed rounds.
  await raw.preSigned();
  await botRound();
  const baseline: number[] = [];
  const signing: number[] = [];
  const bot: number[] = [];
  for (let round = 0; round < rounds; round++) {
    baseline.push(await raw.preSigned());
    signing.push(await raw.signThenSend());
    bot.push(await botRound());
  }
  const { stats } = await platform.bots.get("transfer");
  const rate = (value: number) => `${value.toFixed(0)} tx/s`;
  const report = (label: string, values: number[]) =>
    console.log(`${label.padEnd(52)} ${values.map(rate).join(", ")} → median ${rate(median(values))}`);
  console.log(`transfers per round: ${transfers}, in flight: ${concurrency}, rounds: ${rounds}, 1 s blocks`);
  report("raw viem eth_sendRawTransaction (pre-signed):", baseline);
  report("raw viem sign + eth_sendRawTransaction:", signing);
  report("transfer bot, { interval: 0 }:", bot);
  console.log(
    `bot totals: sent ${stats.sent}, confirmed ${stats.confirmed}, failed ${stats.failed}, errors ${stats.errors}`,
  );
  const rounding = `median of ${rounds} rounds of ${transfers} transfers, 1 s blocks, memory storage`;
  recordFigures({
    bot_vs_presigned: figure(
      median(bot),
      median(baseline),
      "tx/s",
      `transfer bot started with { interval: 0 }, from start to the node accepting its ${transfers}th transaction, vs raw viem pre-signed eth_sendRawTransaction, ${concurrency} in flight; ${rounding}`,
    ),
    bot_vs_sign_then_send: figure(
      median(bot),
      median(signing),
      "tx/s",
      `the same bot vs raw viem signing each transfer right before sending it, ${concurrency} in flight; ${rounding}`,
    ),
  });
  await platform.close();
} finally {
  await devnet.stop();
}

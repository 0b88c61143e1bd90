/**
 * What the chain port's method policy and limits cost a client: pre-signed transfers sent to a
 * devnet whose port has them (`startDevnet({ chainPolicy })`, with an admin token: every body is
 * parsed and judged, every request passes the limits) against a devnet with today's relay alone,
 * a fresh chain per round, rounds alternating, medians. The rate limit runs but is set out of
 * reach, so that what is measured is its cost, not its refusals.
 *
 * - `rpc_policy_vs_relay`: one `eth_sendRawTransaction` per request, C in flight, automining.
 * - `rpc_policy_vs_relay_batches`: JSON-RPC batches of 100, 4 in flight.
 *
 *   pnpm bench:chain-policy
 *   pnpm bench:chain-policy --transfers 2000 --concurrency 64 --rounds 7   # defaults: 1000, 64, 5
 */
import { parseArgs } from "node:util";
import { type Devnet, type StartDevnetOptions, startDevnet } from "@privnet/devnet";
import { createPublicClient, type Hex, http, parseGwei } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { figure, median, recordAsMeasured, runConcurrently } from "./harness/index.js";

const { values: args } = parseArgs({
  options: {
    transfers: { type: "string", default: "1000" },
    concurrency: { type: "string", default: "64" },
    rounds: { type: "string", default: "5" },
  },
});
const transfers = Number(args.transfers);
const concurrency = Number(args.concurrency);
const rounds = Number(args.rounds);
const recipient: Hex = "0x000000000000000000000000000000000000bE0c";
const unreachable = 1_000_000_000;
const withPolicy: StartDevnetOptions = {
  chainPolicy: {
    adminToken: "bench-admin-token",
    limits: { ratePerSecond: unreachable, rateBurst: unreachable },
  },
};

type Kind = "single" | "batches";

/** One round on a fresh chain: sign the transfers, then time only their sending. */
async function round(options: StartDevnetOptions, kind: Kind): Promise<number> {
  const devnet: Devnet = await startDevnet({ port: 0, blockTime: 0, ...options });
  try {
    const account = privateKeyToAccount(devnet.accounts[1]?.privateKey as Hex);
    const client = createPublicClient({
      chain: devnet.chain,
      transport: http(devnet.rpcUrl, {
        timeout: 60_000,
        ...(kind === "batches" ? { batch: { batchSize: 100, wait: 0 } } : {}),
      }),
    });
    const block = await client.getBlock();
    const maxPriorityFeePerGas = parseGwei("1");
    const maxFeePerGas = (block.baseFeePerGas ?? 0n) * 2n + maxPriorityFeePerGas;
    const signed = await Promise.all(
      Array.from({ length: transfers }, (_, nonce) =>
        account.signTransaction({
          chainId: devnet.chain.id,
          type: "eip1559",
          nonce,
          to: recipient,
          value: 1n,
          gas: 21_000n,
          maxFeePerGas,
          maxPriorityFeePerGas,
        }),
      ),
    );
    return await runConcurrently(transfers, kind === "batches" ? 400 : concurrency, async (index) => {
      await client.sendRawTransaction({ serializedTransaction: signed[index] as Hex });
    });
  } finally {
    await devnet.stop();
  }
}

/** Medians of both sides, after a warm-up round each, the sides' order turning every round. */
async function compare(kind: Kind) {
  const sides = { policy: withPolicy, relay: {} } as const;
  const measured = { policy: [] as number[], relay: [] as number[] };
  for (const options of Object.values(sides)) await round(options, kind);
  for (let index = 0; index < rounds; index++) {
    const order = index % 2 === 0 ? (["policy", "relay"] as const) : (["relay", "policy"] as const);
    for (const name of order) measured[name].push(await round(sides[name], kind));
  }
  const list = (values: number[]) => values.map((value) => value.toFixed(0)).join(", ");
  console.log(
    `${kind}: policy+limits ${list(measured.policy)} tx/s; relay alone ${list(measured.relay)} tx/s`,
  );
  return { policy: median(measured.policy), relay: median(measured.relay) };
}

const figures = recordAsMeasured();
const rounding = `median of ${rounds} alternating rounds of ${transfers} transfers, a fresh chain each`;
const single = await compare("single");
figures.rpc_policy_vs_relay = figure(
  single.policy,
  single.relay,
  "tx/s",
  `pre-signed eth_sendRawTransaction, one per request, ${concurrency} in flight, automining: the chain port with its method policy and limits vs the relay without them; ${rounding}`,
);
const batches = await compare("batches");
figures.rpc_policy_vs_relay_batches = figure(
  batches.policy,
  batches.relay,
  "tx/s",
  `the same in JSON-RPC batches of 100, 4 in flight; ${rounding}`,
);

/**
 * The sender's throughput against raw viem, on one anvil in one run (1 s interval mining:
 * transactions pool up between blocks as on the 2 s chain, without the 2 s wait).
 *
 * - `sender_vs_presigned`: N `platform.sender.sendFromWallet` calls from one wallet, the sender
 *   keeping C in flight (`maxInFlight`), with the sqlite storage `privnet up` uses (a fresh
 *   database file, `synchronous=FULL`) — against N transfers signed beforehand and sent with one
 *   `eth_sendRawTransaction` per request, C in flight.
 * - `sender_vs_viem_nonce_manager`: the same sender throughput against what a user writes by
 *   hand: viem's `walletClient.sendTransaction({ to, value })` with its `nonceManager`, C at once.
 * - `sender_vs_presigned_batches`: the sender against the same pre-signed transfers in JSON-RPC
 *   batches of 100, 4 in flight: the most anvil takes here, and so the sender's bound.
 * - `sqlite_group_commit_vs_single`: history records a second written to a fresh sqlite file in
 *   groups of 64 (`insertMany`, the sender's group commit) against one insert each.
 * - `sender_memory_vs_presigned`: the sender with the memory storage (the figure this benchmark
 *   reported before issue 12).
 * - `sender_vs_sign_then_send`: the sender (sqlite) against signing each transfer right before
 *   sending it, C in flight: what is left of the sender's own cost once signing is counted.
 * - `sender_fast_signer_vs_presigned`: `platform.sender.sendTransaction` with a `toFastAccount`
 *   account (sqlite): what the fast signer gives the sender before it signs with it itself.
 *
 * Every side sends from its own account; rounds alternate so that none always meets a fuller
 * pool; medians are compared.
 *
 *   pnpm bench:sender                     # N=2000, C=64, 3 rounds
 *   pnpm bench:sender --transfers 5000 --concurrency 32 --rounds 5
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { createPlatform, type Platform, toFastAccount } from "@privnet/core";
import { startDevnet } from "@privnet/devnet";
import { sqliteStorage } from "@privnet/storage-sqlite";
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

const dataDir = mkdtempSync(join(tmpdir(), "privnet-bench-sender-"));
const devnet = await startDevnet({ port: 0, blockTime: 1 });
const platforms: Platform[] = [];
try {
  const client = createPublicClient({ chain: devnet.chain, transport: http(devnet.rpcUrl) });
  const key = (index: number) => devnet.accounts[index]?.privateKey as Hex;
  const raw = rawBaselines({
    client,
    chain: devnet.chain,
    rpcUrl: devnet.rpcUrl,
    privateKey: key(1),
    recipient,
    transfers,
    concurrency,
  });
  const viemByHand = rawBaselines({
    client,
    chain: devnet.chain,
    rpcUrl: devnet.rpcUrl,
    privateKey: key(4),
    recipient,
    transfers,
    concurrency,
  });
  const sqlite = await createPlatform({
    transport: http(devnet.rpcUrl),
    storage: sqliteStorage({ path: join(dataDir, "privnet.db") }),
    maxInFlight: concurrency,
  });
  platforms.push(sqlite);
  const memory = await createPlatform({ transport: http(devnet.rpcUrl), maxInFlight: concurrency });
  platforms.push(memory);
  const walletId = async (platform: Platform, index: number) => {
    const wallet = (await platform.wallets.list()).find((w) => w.address === devnet.accounts[index]?.address);
    if (!wallet) throw new Error(`system wallet ${index} is missing`);
    return wallet.id;
  };
  const sqliteWallet = await walletId(sqlite, 2);
  const memoryWallet = await walletId(memory, 6);
  const fastAccount = toFastAccount(key(7));

  /** N sends queued at once; the sender keeps `concurrency` of them in flight. */
  async function senderRound(send: () => Promise<unknown>) {
    const started = performance.now();
    await Promise.all(Array.from({ length: transfers }, send));
    return transfers / ((performance.now() - started) / 1000);
  }
  const sides = {
    preSigned: () => raw.preSigned(),
    preSignedBatches: () => raw.preSignedBatches(),
    signThenSend: () => raw.signThenSend(),
    viemNonceManager: () => viemByHand.viemNonceManager(),
    sqlite: () =>
      senderRound(() =>
        sqlite.sender.sendFromWallet({ fromWalletId: sqliteWallet, to: recipient, amount: "0.000001" }),
      ),
    memory: () =>
      senderRound(() =>
        memory.sender.sendFromWallet({ fromWalletId: memoryWallet, to: recipient, amount: "0.000001" }),
      ),
    fastSigner: () =>
      senderRound(() =>
        sqlite.sender.sendTransaction({
          account: fastAccount,
          to: recipient,
          value: 10n ** 12n,
          gas: 21_000n,
        }),
      ),
  };
  const measured = Object.fromEntries(Object.keys(sides).map((name) => [name, [] as number[]])) as Record<
    keyof typeof sides,
    number[]
  >;
  // Warm-up: JIT, connections, nonce managers, the signer's backend.
  for (const run of Object.values(sides)) await run();
  for (let round = 0; round < rounds; round++) {
    for (const [name, run] of Object.entries(sides)) measured[name as keyof typeof sides].push(await run());
  }
  const commits = await measureCommits(join(dataDir, "commits.db"));
  console.log(
    `sqlite commits: ${commits.single.toFixed(0)} single inserts/s, ${commits.grouped.toFixed(0)} records/s in groups of 64`,
  );
  const rate = (value: number) => `${value.toFixed(0)} tx/s`;
  console.log(`transfers per round: ${transfers}, in flight: ${concurrency}, rounds: ${rounds}, 1 s blocks`);
  for (const [name, values] of Object.entries(measured)) {
    console.log(`${name.padEnd(18)} ${values.map(rate).join(", ")} → median ${rate(median(values))}`);
  }
  const m = Object.fromEntries(
    Object.entries(measured).map(([name, values]) => [name, median(values)]),
  ) as Record<keyof typeof sides, number>;
  const rounding = `median of ${rounds} rounds of ${transfers} transfers, ${concurrency} in flight, 1 s blocks`;
  recordFigures({
    sender_vs_presigned: figure(
      m.sqlite,
      m.preSigned,
      "tx/s",
      `sendFromWallet with the sqlite storage (fresh file, synchronous=FULL) vs raw viem pre-signed eth_sendRawTransaction, one request per transaction; ${rounding}`,
    ),
    sender_vs_viem_nonce_manager: figure(
      m.sqlite,
      m.viemNonceManager,
      "tx/s",
      `sendFromWallet (sqlite) vs viem walletClient.sendTransaction({ to, value }) with its nonceManager; ${rounding}`,
    ),
    sender_vs_presigned_batches: figure(
      m.sqlite,
      m.preSignedBatches,
      "tx/s",
      `sendFromWallet (sqlite) vs raw viem pre-signed in JSON-RPC batches of 100, 4 in flight: what anvil takes at most here, the sender's bound; ${rounding}`,
    ),
    sqlite_group_commit_vs_single: figure(
      commits.grouped,
      commits.single,
      "records/s",
      "sqlite (synchronous=FULL, fresh file) history records written by insertMany in groups of 64 vs one insert each: the group commit's gain",
    ),
    sender_memory_vs_presigned: figure(
      m.memory,
      m.preSigned,
      "tx/s",
      `sendFromWallet with the memory storage vs raw viem pre-signed; ${rounding}`,
    ),
    sender_vs_sign_then_send: figure(
      m.sqlite,
      m.signThenSend,
      "tx/s",
      `sendFromWallet (sqlite) vs raw viem signing each transfer right before sending it; ${rounding}`,
    ),
    sender_fast_signer_vs_presigned: figure(
      m.fastSigner,
      m.preSigned,
      "tx/s",
      `platform.sender.sendTransaction with a toFastAccount account (${await fastAccount.backend()}), sqlite, vs raw viem pre-signed; ${rounding}`,
    ),
  });
} finally {
  for (const platform of platforms) await platform.close();
  await devnet.stop();
  rmSync(dataDir, { recursive: true, force: true });
}

/** History records a second into a fresh sqlite file: one insert each, and insertMany by 64. */
async function measureCommits(path: string) {
  const storage = sqliteStorage({ path });
  try {
    const record = (nonce: number) => ({
      hash: `0x${nonce.toString(16).padStart(64, "0")}` as Hex,
      from: recipient,
      to: recipient,
      value: 1n,
      nonce,
      status: "pending" as const,
      blockNumber: null,
      source: "bench",
      createdAt: new Date().toISOString(),
      kind: "transfer" as const,
      selector: null,
      rawTransaction: `0x${"ab".repeat(110)}` as Hex,
    });
    let started = performance.now();
    for (let nonce = 0; nonce < 500; nonce++) await storage.transactions.insert(record(nonce));
    const single = 500 / ((performance.now() - started) / 1000);
    started = performance.now();
    for (let group = 0; group < 100; group++) {
      await storage.transactions.insertMany(
        Array.from({ length: 64 }, (_, index) => record(group * 64 + index)),
      );
    }
    const grouped = 6_400 / ((performance.now() - started) / 1000);
    return { single, grouped };
  } finally {
    await storage.close();
  }
}

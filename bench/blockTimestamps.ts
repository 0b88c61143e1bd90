/**
 * Block timestamps: privnet's devnet (anvil behind its clock relay) against anvil's own options,
 * each on a fresh chain in the same run, and what the clock costs a sender.
 *
 * Timestamps (transfers sent one after the other, each waited for, automining):
 * - `timestamps_repeated`: of 200 blocks, those not later than their parent. Baseline: anvil as it
 *   starts (automine, wall clock), where blocks of the same second share a timestamp.
 * - `timestamps_ahead_s`: how far the last of the 200 is ahead of the wall clock (a second a
 *   block, Hardhat's rule). Baseline: anvil with `anvil_setBlockTimestampInterval 1`.
 * - `timestamps_behind_after_idle_s`: the next block after 3 s without blocks, behind the wall
 *   clock by. Baseline: the same anvil with the interval, which never catches up.
 *
 * Throughput (a devnet with and without the clock, a fresh chain per round, rounds alternating,
 * medians):
 * - `clock_presigned_automine`: pre-signed transfers, one `eth_sendRawTransaction` per request,
 *   C in flight, automining (the test devnet: every send mines a block the clock looks after).
 *   Baseline: `startDevnet({ clock: false })`, anvil alone on the devnet's port.
 * - `clock_presigned_batches_automine`: the same in JSON-RPC batches of 100, 4 in flight.
 * - `clock_presigned_block_time`: the first at 1 s blocks (what the sender benchmarks run on).
 * - `bare_relay_presigned_*`: the same three through a bare relay (a thread that copies bytes to
 *   anvil and reads nothing) against anvil direct: the floor of one more hop on this machine, which
 *   any relay pays. `clock_vs_bare_relay_automine`: the clock relay against that floor.
 * - `archive_link_presigned_automine`: the first, on a devnet with a state file (as `privnet up`
 *   runs it: the chain archive's writer, and its link in the relay, which reads every send to count
 *   the blocks automine makes) against the same devnet without one. `archive_link_cpu_per_send_automine`: the
 *   CPU time per transfer of this process, the relay's thread included, with the link vs without.
 *   `archive_link_presigned_block_time`: the same at 1 s blocks, where the writer's work is a
 *   block a second and what is left per send is the link's.
 *
 *   pnpm bench:timestamps
 *   pnpm bench:timestamps --transfers 2000 --concurrency 64 --rounds 9   # defaults: 1000, 64, 7
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { type Devnet, startDevnet } from "@privnet/devnet";
import { createPublicClient, type Hex, http, parseGwei } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { figure, median, recordAsMeasured, runConcurrently, startBareRelay } from "./harness/index.js";

const { values: args } = parseArgs({
  options: {
    transfers: { type: "string", default: "1000" },
    concurrency: { type: "string", default: "64" },
    rounds: { type: "string", default: "7" },
  },
});
const transfers = Number(args.transfers);
const concurrency = Number(args.concurrency);
const rounds = Number(args.rounds);
const blocks = 200;
const idleMs = 3_000;
const recipient: Hex = "0x000000000000000000000000000000000000bE0c";

type Rpc = <T>(method: string, params?: unknown[]) => Promise<T>;
const rpcAt =
  (url: string): Rpc =>
  async <T>(method: string, params: unknown[] = []) => {
    const response = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
    });
    const body = (await response.json()) as { result: T; error?: { message: string } };
    if (body.error) throw new Error(`${method}: ${body.error.message}`);
    return body.result;
  };
const nowSeconds = () => Math.floor(Date.now() / 1000);

/** One transfer, 3 s idle and one more; then 200 transfers one after the other. */
async function timeline(rpc: Rpc) {
  const [from] = await rpc<string[]>("eth_accounts");
  const send = async () => {
    const hash = await rpc<string>("eth_sendTransaction", [{ from, to: recipient, value: "0x1" }]);
    let receipt: { blockNumber: string } | null = null;
    while (!receipt) receipt = await rpc("eth_getTransactionReceipt", [hash]);
    const block = await rpc<{ timestamp: string }>("eth_getBlockByNumber", [receipt.blockNumber, false]);
    return Number(BigInt(block.timestamp));
  };
  await send();
  await new Promise((resolve) => setTimeout(resolve, idleMs));
  const behind = nowSeconds() - (await send());
  const stamps = [await send()];
  for (let index = 0; index < blocks; index++) stamps.push(await send());
  const ahead = (stamps.at(-1) as number) - nowSeconds();
  const repeated = stamps.slice(1).filter((stamp, index) => stamp <= (stamps[index] as number)).length;
  return { repeated, ahead, behind };
}

// Each figure is written as soon as it is measured: a later part that fails loses none.
const figures = recordAsMeasured();
const started: Devnet[] = [];
const start = async (options: Parameters<typeof startDevnet>[0]) => {
  const devnet = await startDevnet({ port: 0, ...options });
  started.push(devnet);
  return devnet;
};

type Round = () => Promise<{ rate: number; cpu: number }>;
type Side = "clock" | "floor" | "anvil";
const sideNames: Side[] = ["clock", "floor", "anvil"];

/**
 * Medians of `rounds` rounds of each side, after one warm-up round each, the sides' order turning
 * every round so that none always meets the load first; with the CPU time this process (the
 * sender, and the relay when there is one) spent per transfer while sending, which the machine's
 * load moves less than the rates.
 */
async function alternate(sides: Record<Side, Round>) {
  const measured = { clock: [] as number[], floor: [] as number[], anvil: [] as number[] };
  const cpu = { clock: [] as number[], floor: [] as number[], anvil: [] as number[] };
  for (const name of sideNames) await sides[name]();
  for (let index = 0; index < rounds; index++) {
    const turn = index % sideNames.length;
    for (const name of [...sideNames.slice(turn), ...sideNames.slice(0, turn)]) {
      const result = await sides[name]();
      measured[name].push(result.rate);
      cpu[name].push(result.cpu);
    }
  }
  const list = (values: number[]) => values.map((value) => value.toFixed(0)).join(", ");
  const pairs = (side: Side) =>
    measured[side].map((value, index) => value / (measured.anvil[index] as number));
  console.log(`  clock: ${list(measured.clock)} tx/s (${list(cpu.clock)} µs CPU/tx)`);
  console.log(`  bare relay: ${list(measured.floor)} tx/s (${list(cpu.floor)} µs CPU/tx)`);
  console.log(`  anvil alone: ${list(measured.anvil)} tx/s (${list(cpu.anvil)} µs CPU/tx)`);
  for (const side of ["clock", "floor"] as const)
    console.log(
      `  ${side === "clock" ? "clock" : "bare relay"} / anvil, each round: ${pairs(side)
        .map((ratio) => ratio.toFixed(2))
        .join(", ")} → median ${median(pairs(side)).toFixed(3)}`,
    );
  return {
    clock: median(measured.clock),
    floor: median(measured.floor),
    anvil: median(measured.anvil),
    cpuClock: median(cpu.clock),
    cpuFloor: median(cpu.floor),
    cpuAnvil: median(cpu.anvil),
  };
}

/**
 * Raw pre-signed sends on a devnet started with and without the clock, the same otherwise: the
 * transfers are signed first, then only their sending is timed (as `rawBaselines` does), one
 * `eth_sendRawTransaction` per request with C in flight, or in batches of 100 with 4 in flight.
 * A third side sends to the devnet without the clock through a bare relay (`startBareRelay`): the
 * floor of one more hop in front of anvil, whatever the relay does.
 *
 * Every round runs on a chain of its own, started for it. anvil 1.7.1 automining cannot keep up
 * with sustained sends from one account: its blocks fall behind the pool, and after a few thousand
 * transfers (measured: 1,600–4,400, with 1, 8 or 64 in flight, with and without the clock) its
 * pool keeps a transaction that was already mined and it stops mining the account's others. A
 * round on such a chain reads a nonce that is no longer the chain's, and a full run once died
 * there with "nonce too low". After each round the chain must have mined every transfer; a round
 * whose chain did not is reported as stalled.
 */
async function throughput(blockTime: number, kind: "preSigned" | "preSignedBatches") {
  const stalled = { clock: 0, floor: 0, anvil: 0 };
  const side =
    (name: Side): Round =>
    async () => {
      const devnet = await start({ blockTime, clock: name === "clock" });
      const relay = name === "floor" ? await startBareRelay(Number(new URL(devnet.rpcUrl).port)) : undefined;
      try {
        return await sendRound(devnet, relay?.url ?? devnet.rpcUrl, kind, () => stalled[name]++);
      } finally {
        await relay?.close();
        await devnet.stop();
        started.splice(started.indexOf(devnet), 1);
      }
    };
  console.log(`${kind}, ${blockTime === 0 ? "automining" : `${blockTime} s blocks`}:`);
  const result = await alternate({ clock: side("clock"), floor: side("floor"), anvil: side("anvil") });
  if (stalled.clock + stalled.floor + stalled.anvil > 0) {
    console.log(`  rounds whose chain did not mine all ${transfers} transfers: ${JSON.stringify(stalled)}`);
  }
  return result;
}

/**
 * Pre-signed single sends, automining, on a devnet with a state file (the chain archive and its
 * relay link) against one without: each round on a fresh chain, the sides alternating which goes
 * first, after a warm-up round each. Medians of the rates and of the CPU time per transfer.
 */
async function archiveLinkCost(blockTime: number) {
  const dir = await mkdtemp(join(tmpdir(), "privnet-archive-link-"));
  let stalls = 0;
  const side = (archive: boolean) => async () => {
    const devnet = await start({
      blockTime,
      ...(archive ? { statePath: join(dir, `chain-state-${started.length}-${Date.now()}.json`) } : {}),
    });
    try {
      return await sendRound(devnet, devnet.rpcUrl, "preSigned", () => stalls++);
    } finally {
      await devnet.stop();
      started.splice(started.indexOf(devnet), 1);
    }
  };
  const sides = { link: side(true), plain: side(false) };
  const rates = { link: [] as number[], plain: [] as number[] };
  const cpu = { link: [] as number[], plain: [] as number[] };
  try {
    await sides.link();
    await sides.plain();
    for (let index = 0; index < rounds; index++) {
      for (const name of index % 2 === 0 ? (["link", "plain"] as const) : (["plain", "link"] as const)) {
        const result = await sides[name]();
        rates[name].push(result.rate);
        cpu[name].push(result.cpu);
      }
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  const list = (values: number[]) => values.map((value) => value.toFixed(0)).join(", ");
  console.log(
    `preSigned, ${blockTime === 0 ? "automining" : `${blockTime} s blocks`}, with the chain archive and without:`,
  );
  console.log(`  with: ${list(rates.link)} tx/s (${list(cpu.link)} µs CPU/tx)`);
  console.log(`  without: ${list(rates.plain)} tx/s (${list(cpu.plain)} µs CPU/tx)`);
  if (stalls > 0) console.log(`  rounds whose chain did not mine all ${transfers} transfers: ${stalls}`);
  return {
    link: median(rates.link),
    plain: median(rates.plain),
    cpuLink: median(cpu.link),
    cpuPlain: median(cpu.plain),
  };
}

/** One round on a fresh chain: sign `transfers`, time their sending, then wait for them to be mined. */
async function sendRound(
  devnet: Devnet,
  url: string,
  kind: "preSigned" | "preSignedBatches",
  onStall: () => void,
) {
  const account = privateKeyToAccount(devnet.accounts[1]?.privateKey as Hex);
  const client = createPublicClient({
    chain: devnet.chain,
    // A minute per answer rather than viem's 10 s: on a loaded machine (load average 50 here) an
    // eth_sendRawTransaction through the devnet took longer than 10 s to be answered, and the
    // run died with a TimeoutError. viem does not resend a raw transaction (retryCount 0).
    transport: http(url, {
      timeout: 60_000,
      ...(kind === "preSignedBatches" ? { batch: { batchSize: 100, wait: 0 } } : {}),
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
  const before = process.cpuUsage();
  const rate = await runConcurrently(
    transfers,
    kind === "preSignedBatches" ? 400 : concurrency,
    async (index) => {
      await client.sendRawTransaction({ serializedTransaction: signed[index] as Hex });
    },
  );
  const used = process.cpuUsage(before);
  if (!(await minedAll(client, account.address))) onStall();
  return { rate, cpu: (used.user + used.system) / transfers };
}

/**
 * Whether the chain mines all of the round's transfers: read every 250 ms until it has, or until
 * 3 s went by without one more mined (a chain at 1 s blocks mines at least one block in that time).
 */
async function minedAll(client: ReturnType<typeof createPublicClient>, address: Hex): Promise<boolean> {
  let mined = await client.getTransactionCount({ address });
  for (let still = 0; mined < transfers && still < 12; ) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    const now = await client.getTransactionCount({ address });
    still = now > mined ? 0 : still + 1;
    mined = now;
  }
  return mined >= transfers;
}

try {
  const plain = await start({ blockTime: 0, clock: false });
  const spaced = await start({ blockTime: 0, clock: false });
  const privnet = await start({ blockTime: 0 });
  await rpcAt(spaced.rpcUrl)("anvil_setBlockTimestampInterval", [1]);
  const anvilDefault = await timeline(rpcAt(plain.rpcUrl));
  const anvilInterval = await timeline(rpcAt(spaced.rpcUrl));
  const privnetClock = await timeline(rpcAt(privnet.rpcUrl));
  console.log({ anvilDefault, anvilInterval, privnetClock });
  await Promise.all([plain.stop(), spaced.stop(), privnet.stop()]);
  figures.timestamps_repeated = figure(
    privnetClock.repeated,
    anvilDefault.repeated,
    "blocks",
    `blocks of ${blocks} automined transfers not later than their parent — privnet's devnet vs anvil's default`,
  );
  figures.timestamps_ahead_s = figure(
    privnetClock.ahead,
    anvilInterval.ahead,
    "s",
    `last of ${blocks} automined transfers ahead of the wall clock — privnet's devnet vs anvil with a 1 s timestamp interval`,
  );
  figures.timestamps_behind_after_idle_s = figure(
    privnetClock.behind,
    anvilInterval.behind,
    "s",
    `the next block after ${idleMs / 1000} s idle, behind the wall clock — privnet's devnet vs anvil with a 1 s timestamp interval`,
  );

  const rounding = `median of ${rounds} alternating rounds of ${transfers} transfers`;
  const single = await throughput(0, "preSigned");
  figures.clock_presigned_automine = figure(
    single.clock,
    single.anvil,
    "tx/s",
    `pre-signed eth_sendRawTransaction, one per request, ${concurrency} in flight, automining: devnet with its clock vs startDevnet({ clock: false }); ${rounding}`,
  );
  figures.clock_cpu_per_send_automine = figure(
    single.cpuClock,
    single.cpuAnvil,
    "µs",
    `CPU time of the sending process per pre-signed transfer (signing excluded: it is done before), the relay included — with the clock vs without; ${rounding}`,
  );
  figures.bare_relay_presigned_automine = figure(
    single.floor,
    single.anvil,
    "tx/s",
    `the same sends through a bare relay (a thread copying bytes to anvil, reading nothing) vs anvil direct: the floor of one more hop on this machine; ${rounding}`,
  );
  figures.clock_vs_bare_relay_automine = figure(
    single.clock,
    single.floor,
    "tx/s",
    `the same sends, the devnet's clock relay vs the bare relay: what the relay's own work costs above the hop; ${rounding}`,
  );
  figures.bare_relay_cpu_per_send_automine = figure(
    single.cpuFloor,
    single.cpuAnvil,
    "µs",
    `CPU time of the sending process per pre-signed transfer, the bare relay's thread included — through the bare relay vs anvil direct; ${rounding}`,
  );
  const batches = await throughput(0, "preSignedBatches");
  figures.clock_presigned_batches_automine = figure(
    batches.clock,
    batches.anvil,
    "tx/s",
    `pre-signed eth_sendRawTransaction in JSON-RPC batches of 100, 4 in flight, automining: devnet with its clock vs without; ${rounding}`,
  );
  figures.bare_relay_presigned_batches_automine = figure(
    batches.floor,
    batches.anvil,
    "tx/s",
    `the same batches through a bare relay vs anvil direct: the floor of one more hop; ${rounding}`,
  );
  const blockTime = await throughput(1, "preSigned");
  figures.clock_presigned_block_time = figure(
    blockTime.clock,
    blockTime.anvil,
    "tx/s",
    `pre-signed eth_sendRawTransaction, one per request, ${concurrency} in flight, 1 s blocks: devnet with its clock vs without; ${rounding}`,
  );
  figures.bare_relay_presigned_block_time = figure(
    blockTime.floor,
    blockTime.anvil,
    "tx/s",
    `the same sends at 1 s blocks through a bare relay vs anvil direct: the floor of one more hop; ${rounding}`,
  );
  const archive = await archiveLinkCost(0);
  figures.archive_link_presigned_automine = figure(
    archive.link,
    archive.plain,
    "tx/s",
    `pre-signed eth_sendRawTransaction, one per request, ${concurrency} in flight, automining: a devnet with a state file (the chain archive: its writer, and its relay link reading every send) vs the same without one; ${rounding}`,
  );
  figures.archive_link_cpu_per_send_automine = figure(
    archive.cpuLink,
    archive.cpuPlain,
    "µs",
    `CPU time of the sending process per pre-signed transfer, the relay's thread included — with the chain archive's link vs without; ${rounding}`,
  );
  const archiveBlocks = await archiveLinkCost(1);
  figures.archive_link_presigned_block_time = figure(
    archiveBlocks.link,
    archiveBlocks.plain,
    "tx/s",
    `the same at 1 s blocks (the archive's writer reads a block a second; the link still reads every send): with a state file vs without; ${rounding}`,
  );
} finally {
  await Promise.all(started.map((devnet) => devnet.stop()));
}

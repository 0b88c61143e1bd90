/**
 * What a standing chain costs the node as it ages: the embedded devnet as `privnet up` runs it
 * (the clock relay on its port, a state file, its default state window and block window, the
 * chain archive beside the state file), loaded with N transfers in B blocks, from ten prefunded
 * accounts to a fixed set of 1,000 recipients (as the transfer bot sends to stored wallets: the
 * chain's state stays about the same size while its history grows). Transfers go in by JSON-RPC
 * batches of 200 through the chain port with automine off, one `evm_mine` per block; every 20th
 * block's first transaction calls a contract that logs, so that logs are sampled too. The bench
 * mines far faster than the chain's 2 s blocks, so it asks the archive to catch up every 32 blocks
 * (what its own pass does every block time); anvil's resident size is read from `/proc`.
 *
 * - `node_rss_growth`: anvil's resident memory at the end over the same at a quarter of the
 *   blocks. Target ≤ 1.3.
 * - `node_rss_mb`: anvil's resident memory at the end; baseline: the same at a quarter.
 * - `state_file_mb`: the state file written by the stop, in MB. Baseline: the signed transactions'
 *   own bytes. The stop's and the restart's seconds are named in its description.
 * - `archive_answers`: the share of sampled old blocks (full and hashes only), transactions,
 *   receipts, block receipts and logs that the chain port answers, after anvil dropped them and
 *   again after a restart, exactly as it answered while anvil held them. Target 1. The samples:
 *   block 1 (the first transaction ever sent) and every 20th block.
 * - `archive_bytes_per_tx`: the chain archive's file per transaction; baseline: the signed bytes.
 * - `node_rss_peak_mb`: the most anvil held at any tenth of the blocks; baseline: at a quarter.
 *   With the memory ceiling (the devnet's default, 1,536 MB) anvil is restarted past it.
 * - `aged_stop_seconds`, `aged_restart_seconds`: the stop (state file written) and the start on that file
 *   until the chain answers; baseline: the same for an empty chain, measured first.
 *
 *   pnpm bench:node-state                                     # 40,000 transfers in 1,200 blocks
 *   pnpm bench:node-state --transfers 1000000 --blocks 5000   # a standing chain's week (`pnpm bench --long`)
 *   pnpm bench:node-state --node-memory-limit 900 --node-memory-check-ms 5000   # the ceiling at work
 */
import { statSync } from "node:fs";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { isDeepStrictEqual, parseArgs } from "node:util";
import { deriveAccounts, SYSTEM_MNEMONIC, toFastAccount } from "@privnet/core";
import { type Devnet, startDevnet } from "@privnet/devnet";
import { getContractAddress, type Hex, keccak256, parseGwei } from "viem";
import { figure, recordAsMeasured } from "./harness/index.js";

const { values: args } = parseArgs({
  options: {
    transfers: { type: "string", default: "40000" },
    blocks: { type: "string", default: "1200" },
    // The devnet's memory ceiling (MB; its default otherwise) and how often it reads anvil's size.
    "node-memory-limit": { type: "string" },
    "node-memory-check-ms": { type: "string" },
  },
});
const ceiling = {
  ...(args["node-memory-limit"] ? { nodeMemoryLimit: Number(args["node-memory-limit"]) } : {}),
  ...(args["node-memory-check-ms"] ? { nodeMemoryCheckMs: Number(args["node-memory-check-ms"]) } : {}),
};
const transfers = Number(args.transfers);
const blocks = Number(args.blocks);
const perBlock = Math.ceil(transfers / blocks);
const senders = deriveAccounts(SYSTEM_MNEMONIC, [1, 2, 4, 5, 6, 7, 9, 10, 11, 15]).map((account) =>
  toFastAccount(account.privateKey as Hex),
);
const recipients = Array.from(
  { length: 1_000 },
  (_, index) => `0x${(0xbe00_0000 + index).toString(16).padStart(40, "0")}` as Hex,
);
// A contract whose every call logs: mstore(0, 42); log1(0, 32, 0x42).
const LOGGER = "0x600d80600b6000396000f3602a600052604260206000a100" as Hex;
const SAMPLE_EVERY = 20;
const CATCH_UP_EVERY = 32;

/** anvil's resident size in MB, from /proc. */
async function residentMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, "utf8");
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN);
  return kb / 1024;
}

function rpcOf(devnet: Devnet) {
  let id = 0;
  // While the memory ceiling restarts anvil the chain port answers 503 (nothing forwarded): the
  // request is made again once it is back.
  const post = async (body: unknown): Promise<unknown> => {
    for (let attempt = 0; ; attempt++) {
      const response = await fetch(devnet.rpcUrl, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      }).catch((error: unknown) => error as Error);
      if (response instanceof Response && response.status !== 503) return response.json();
      if (attempt === 600) throw new Error(`the chain port did not come back: ${String(response)}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  };
  return {
    post,
    async call<T>(method: string, params: unknown[] = []): Promise<T> {
      const answer = (await post({ jsonrpc: "2.0", id: ++id, method, params })) as {
        result?: T;
        error?: { message: string };
      };
      if (answer.error) throw new Error(`${method}: ${answer.error.message}`);
      return answer.result as T;
    },
  };
}

/** A sampled block's reads, as the chain port answers them. */
async function sampleReads(devnet: Devnet, block: number, transaction: Hex) {
  const rpc = rpcOf(devnet);
  const at = `0x${block.toString(16)}`;
  return {
    full: await rpc.call("eth_getBlockByNumber", [at, true]),
    hashes: await rpc.call("eth_getBlockByNumber", [at, false]),
    transaction: await rpc.call("eth_getTransactionByHash", [transaction]),
    receipt: await rpc.call("eth_getTransactionReceipt", [transaction]),
    receipts: await rpc.call("eth_getBlockReceipts", [at]),
    logs: await rpc.call("eth_getLogs", [{ fromBlock: at, toBlock: at }]),
  };
}
type Sample = { block: number; transaction: Hex; reads: Awaited<ReturnType<typeof sampleReads>> };

/** The share of the samples' reads answered now exactly as they were. */
async function sameShare(devnet: Devnet, samples: Sample[]): Promise<{ same: number; total: number }> {
  let same = 0;
  let total = 0;
  for (const sample of samples) {
    const now = await sampleReads(devnet, sample.block, sample.transaction);
    for (const [name, read] of Object.entries(sample.reads)) {
      total++;
      if (isDeepStrictEqual(read, now[name as keyof typeof now])) same++;
      else console.log(`block ${sample.block}: ${name} answered differently`);
    }
  }
  return { same, total };
}

/** Seconds to stop a devnet (its state written) and to start it again on that state. */
async function stopAndRestart(running: Devnet, statePath: string) {
  let started = performance.now();
  await running.stop();
  const stop = (performance.now() - started) / 1000;
  started = performance.now();
  const restarted = await startDevnet({ port: 0, blockTime: 0, statePath, ...ceiling });
  return { stop, restart: (performance.now() - started) / 1000, restarted };
}

const dir = await mkdtemp(join(tmpdir(), "privnet-node-state-"));
const statePath = join(dir, "chain-state.json");
const figures = recordAsMeasured();
// The baseline of the stop and the restart: an empty chain's.
const emptyPath = join(dir, "empty", "chain-state.json");
const empty = await stopAndRestart(
  await startDevnet({ port: 0, blockTime: 0, statePath: emptyPath }),
  emptyPath,
);
await empty.restarted.stop();
let devnet: Devnet | undefined = await startDevnet({ port: 0, blockTime: 0, statePath, ...ceiling });
try {
  const rpc = rpcOf(devnet);
  await rpc.call("evm_setAutomine", [false]);
  const nonces = senders.map(() => 0);
  const logger = getContractAddress({ from: (senders[0] as (typeof senders)[number]).address, nonce: 0n });
  const resident: Record<string, number> = {};
  const tenths: number[] = [];
  const samples: Sample[] = [];
  let archiveMs = 0;
  let signedBytes = 0;
  let sent = 0;
  for (let block = 1; block <= blocks; block++) {
    const signed: Hex[] = [];
    for (let index = 0; index < perBlock && sent < transfers; index++, sent++) {
      const from = sent % senders.length;
      const call =
        block === 1 && index === 0 ? "deploy" : block % SAMPLE_EVERY === 0 && index === 0 ? "log" : "send";
      signed.push(
        await (senders[from] as (typeof senders)[number]).signTransaction({
          chainId: devnet.chain.id,
          type: "eip1559",
          ...(call === "deploy"
            ? { data: LOGGER }
            : { to: call === "log" ? logger : (recipients[sent % recipients.length] as Hex) }),
          value: call === "deploy" ? 0n : 1n,
          nonce: (nonces[from] as number)++,
          gas: call === "send" ? 21_000n : 100_000n,
          maxFeePerGas: parseGwei("20"),
          maxPriorityFeePerGas: 1n,
        }),
      );
    }
    signedBytes += signed.reduce((total, transaction) => total + (transaction.length - 2) / 2, 0);
    const hashes: Hex[] = [];
    for (let start = 0; start < signed.length; start += 200) {
      const answers = (await rpc.post(
        signed.slice(start, start + 200).map((transaction, index) => ({
          jsonrpc: "2.0",
          id: index,
          method: "eth_sendRawTransaction",
          params: [transaction],
        })),
      )) as { result?: Hex; error?: { message: string } }[];
      // A batch made again after a restart cut its answer off: what anvil took before is known.
      const taken = /already known|nonce too low/i;
      const refused = answers.find((answer) => answer.error && !taken.test(answer.error.message));
      if (refused) throw new Error(`eth_sendRawTransaction: ${refused.error?.message}`);
      hashes.push(
        ...answers.map((answer, index) => answer.result ?? keccak256(signed[start + index] as Hex)),
      );
    }
    await rpc.call("evm_mine");
    // Read while anvil holds the block: what the chain port must answer ever after. Block 1 holds
    // the first transaction ever sent (the logger's deployment).
    if ((block === 1 || block % SAMPLE_EVERY === 0) && hashes[0])
      samples.push({ block, transaction: hashes[0], reads: await sampleReads(devnet, block, hashes[0]) });
    if (block % CATCH_UP_EVERY === 0) {
      const started = performance.now();
      await devnet.archive?.catchUp();
      archiveMs += performance.now() - started;
    }
    if (block % Math.round(blocks / 10) === 0) tenths.push(Math.round(await residentMb(devnet.pid)));
    if (block === Math.round(blocks / 4)) resident.quarter = await residentMb(devnet.pid);
    if (block === Math.round(blocks / 2)) resident.half = await residentMb(devnet.pid);
  }
  const archivedTop = (await devnet.archive?.catchUp()) ?? 0;
  resident.end = await residentMb(devnet.pid);
  const head = await rpc.call<Hex>("eth_blockNumber");
  console.log(
    `${sent} transactions in ${Number(head)} blocks; anvil RSS ${[resident.quarter, resident.half, resident.end].map((mb) => Math.round(mb ?? 0)).join(" / ")} MB at 1/4, 1/2, end (each tenth: ${tenths.join(", ")} MB); archive to block ${archivedTop}, ${(archiveMs / archivedTop).toFixed(2)} ms a block to write`,
  );
  const answered = await sameShare(devnet, samples);

  const running = devnet;
  devnet = undefined;
  const { stop: stopSeconds, restart: restartSeconds, restarted } = await stopAndRestart(running, statePath);
  devnet = restarted;
  const fileMb = statSync(statePath).size / 1e6;
  const archiveBytes = statSync(join(dir, "chain-state.archive.db")).size;
  const headAfter = await rpcOf(devnet).call<Hex>("eth_blockNumber");
  if (headAfter !== head) throw new Error(`the restarted chain's head is ${headAfter}, not ${head}`);
  const answeredAfter = await sameShare(devnet, samples);
  console.log(
    `stop ${stopSeconds.toFixed(1)} s, state file ${fileMb.toFixed(1)} MB, archive ${(archiveBytes / 1e6).toFixed(1)} MB, restart ${restartSeconds.toFixed(1)} s; archive answers ${answered.same}/${answered.total}, after the restart ${answeredAfter.same}/${answeredAfter.total}`,
  );

  const setting = "to 1,000 recipients, the devnet's default state and block windows";
  figures.node_rss_growth = figure(
    resident.end ?? Number.NaN,
    resident.quarter ?? Number.NaN,
    "MB",
    `anvil's resident memory after ${sent} transfers in ${blocks} blocks (${setting}), vs the same after the first quarter of the blocks`,
  );
  figures.node_rss_mb = figure(
    resident.end ?? Number.NaN,
    resident.quarter ?? Number.NaN,
    "MB",
    `anvil's resident memory after ${sent} transfers in ${blocks} blocks (${setting}); baseline: the same at a quarter`,
  );
  figures.state_file_mb = figure(
    fileMb,
    signedBytes / 1e6,
    "MB",
    `the devnet's state file after ${sent} transfers in ${blocks} blocks, written by a stop of ${stopSeconds.toFixed(1)} s and loaded again in ${restartSeconds.toFixed(1)} s; baseline: the signed transactions' own bytes`,
  );
  figures.archive_answers = figure(
    (answered.same + answeredAfter.same) / (answered.total + answeredAfter.total),
    1,
    "share",
    `sampled old blocks (full and hashes only), transactions, receipts, block receipts and logs (${samples.length} blocks: the first, and every ${SAMPLE_EVERY}th) answered on the chain port exactly as while anvil held them, once it dropped them and after a restart`,
  );
  figures.node_rss_peak_mb = figure(
    Math.max(...tenths, resident.end ?? 0),
    resident.quarter ?? Number.NaN,
    "MB",
    `the most anvil held at a tenth of the ${blocks} blocks or at the end (${tenths.join(", ")} MB at each tenth; the devnet's memory ceiling restarts it past its limit); baseline: at a quarter`,
  );
  figures.aged_stop_seconds = figure(
    stopSeconds,
    empty.stop,
    "s",
    `the devnet's stop after ${sent} transfers, its state file written; baseline: an empty chain's stop`,
  );
  figures.aged_restart_seconds = figure(
    restartSeconds,
    empty.restart,
    "s",
    `a start on the state file of ${sent} transfers until the chain answers; baseline: an empty chain's`,
  );
  figures.archive_bytes_per_tx = figure(
    archiveBytes / sent,
    signedBytes / sent,
    "B",
    `the chain archive's file per transaction (blocks, transactions and receipts, deflated per block, and the hash index); baseline: the signed transaction's bytes`,
  );
} finally {
  await devnet?.stop();
  await rm(dir, { recursive: true, force: true });
}

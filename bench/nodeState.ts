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
 *   again after a restart, exactly as it answered while anvil held them. Target 1.
 * - `archive_bytes_per_tx`: the chain archive's file per transaction; baseline: the signed bytes.
 *
 *   pnpm bench:node-state                                     # 40,000 transfers in 1,200 blocks
 *   pnpm bench:node-state --transfers 1000000 --blocks 5000   # a standing chain's week
 */
import { statSync } from "node:fs";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { isDeepStrictEqual, parseArgs } from "node:util";
import { deriveAccounts, SYSTEM_MNEMONIC, toFastAccount } from "@privnet/core";
import { type Devnet, startDevnet } from "@privnet/devnet";
import { getContractAddress, type Hex, parseGwei } from "viem";
import { figure, recordAsMeasured } from "./harness/index.js";

const { values: args } = parseArgs({
  options: {
    transfers: { type: "string", default: "40000" },
    blocks: { type: "string", default: "1200" },
  },
});
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
  const post = async (body: unknown) => {
    const response = await fetch(devnet.rpcUrl, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    return response.json() as Promise<unknown>;
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

const dir = await mkdtemp(join(tmpdir(), "privnet-node-state-"));
const statePath = join(dir, "chain-state.json");
const figures = recordAsMeasured();
let devnet: Devnet | undefined = await startDevnet({ port: 0, blockTime: 0, statePath });
try {
  const rpc = rpcOf(devnet);
  await rpc.call("evm_setAutomine", [false]);
  const nonces = senders.map(() => 0);
  const logger = getContractAddress({ from: (senders[0] as (typeof senders)[number]).address, nonce: 0n });
  const resident: Record<string, number> = {};
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
      const refused = answers.find((answer) => answer.error);
      if (refused) throw new Error(`eth_sendRawTransaction: ${refused.error?.message}`);
      hashes.push(...answers.map((answer) => answer.result as Hex));
    }
    await rpc.call("evm_mine");
    // Read while anvil holds the block: what the chain port must answer ever after.
    if (block % SAMPLE_EVERY === 0 && hashes[0])
      samples.push({ block, transaction: hashes[0], reads: await sampleReads(devnet, block, hashes[0]) });
    if (block % CATCH_UP_EVERY === 0) {
      const started = performance.now();
      await devnet.archive?.catchUp();
      archiveMs += performance.now() - started;
    }
    if (block === Math.round(blocks / 4)) resident.quarter = await residentMb(devnet.pid);
    if (block === Math.round(blocks / 2)) resident.half = await residentMb(devnet.pid);
  }
  const archivedTop = (await devnet.archive?.catchUp()) ?? 0;
  resident.end = await residentMb(devnet.pid);
  const head = await rpc.call<Hex>("eth_blockNumber");
  console.log(
    `${sent} transactions in ${Number(head)} blocks; anvil RSS ${[resident.quarter, resident.half, resident.end].map((mb) => Math.round(mb ?? 0)).join(" / ")} MB at 1/4, 1/2, end; archive to block ${archivedTop}, ${(archiveMs / archivedTop).toFixed(2)} ms a block to write`,
  );
  const answered = await sameShare(devnet, samples);

  let started = performance.now();
  await devnet.stop();
  devnet = undefined;
  const stopSeconds = (performance.now() - started) / 1000;
  const fileMb = statSync(statePath).size / 1e6;
  const archiveBytes = statSync(join(dir, "chain-state.archive.db")).size;
  started = performance.now();
  devnet = await startDevnet({ port: 0, blockTime: 0, statePath });
  const restartSeconds = (performance.now() - started) / 1000;
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
    `sampled old blocks (full and hashes only), transactions, receipts, block receipts and logs (${samples.length} blocks, every ${SAMPLE_EVERY}th) answered on the chain port exactly as while anvil held them, once it dropped them and after a restart`,
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

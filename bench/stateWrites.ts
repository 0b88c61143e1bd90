/**
 * What the devnet's state writes cost as the chain ages: the embedded devnet with a state file,
 * loaded with N transfers in B blocks (pre-signed, by JSON-RPC batches of 200, one `evm_mine` per
 * block, as bench/nodeState.ts does), with one atomic state write (`anvil_dumpState` streamed into
 * a temporary file, renamed over the state file) timed at each quarter; then the chain at a block
 * a second while writes run back to back, probed with `eth_blockNumber`; then a stop (anvil's exit
 * dump) and a restart on the file.
 *
 * - `state_dump_ms`: one periodic write at the end, in ms; baseline: the same at a quarter of the
 *   transfers (the ratio is how it grows with the chain's length).
 * - `state_dump_stall`: p99 of an `eth_blockNumber` answer while writes run back to back, over the
 *   same without a write (the chain port held up by a write shows here); the blocks mined at a
 *   block a second during the writes are printed.
 * - `stop_seconds`: `devnet.stop()` (anvil writes the state as it exits, atomically); baseline:
 *   one periodic write of the same chain.
 * - `restart_seconds`: a start on the state file until the chain answers; baseline: a start from
 *   genesis in the same run.
 *
 *   pnpm bench:state-writes                                     # 40,000 transfers in 400 blocks
 *   pnpm bench:state-writes --transfers 200000 --blocks 2000
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { deriveAccounts, SYSTEM_MNEMONIC, toFastAccount } from "@privnet/core";
import { type Devnet, startDevnet } from "@privnet/devnet";
import { type Hex, parseGwei } from "viem";
import { anvilStateDump, writeStateFile } from "../packages/devnet/src/anvil/writeStateFile.js";
import { figure, median, recordAsMeasured } from "./harness/index.js";

const { values: args } = parseArgs({
  options: {
    transfers: { type: "string", default: "40000" },
    blocks: { type: "string", default: "400" },
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
  (_, index) => `0x${(0xbe10_0000 + index).toString(16).padStart(40, "0")}` as Hex,
);

async function post(url: string, body: unknown): Promise<unknown> {
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return response.json();
}

async function call<T>(url: string, method: string, params: unknown[] = []): Promise<T> {
  const answer = (await post(url, { jsonrpc: "2.0", id: 1, method, params })) as {
    result?: T;
    error?: { message: string };
  };
  if (answer.error) throw new Error(`${method}: ${answer.error.message}`);
  return answer.result as T;
}

/** Sends one block's worth of pre-signed transfers and mines it. */
async function fillBlock(url: string, nonces: number[], sent: { count: number }) {
  const signed: Hex[] = [];
  for (let index = 0; index < perBlock && sent.count < transfers; index++, sent.count++) {
    const from = sent.count % senders.length;
    signed.push(
      await (senders[from] as (typeof senders)[number]).signTransaction({
        chainId: 3151908,
        type: "eip1559",
        to: recipients[sent.count % recipients.length] as Hex,
        value: 1n,
        nonce: (nonces[from] as number)++,
        gas: 21_000n,
        maxFeePerGas: parseGwei("20"),
        maxPriorityFeePerGas: 1n,
      }),
    );
  }
  for (let start = 0; start < signed.length; start += 200) {
    const batch = signed.slice(start, start + 200).map((transaction, id) => ({
      jsonrpc: "2.0",
      id,
      method: "eth_sendRawTransaction",
      params: [transaction],
    }));
    const answers = (await post(url, batch)) as { error?: { message: string } }[];
    const refused = answers.find((answer) => answer.error);
    if (refused) throw new Error(`eth_sendRawTransaction: ${refused.error?.message}`);
  }
  await call(url, "evm_mine");
}

/** p99 of `eth_blockNumber` answers (ms) asked one after another until `until` settles. */
async function probe(url: string, until: Promise<unknown>): Promise<number[]> {
  let done = false;
  void until.finally(() => {
    done = true;
  });
  const times: number[] = [];
  while (!done) {
    const started = performance.now();
    await call(url, "eth_blockNumber");
    times.push(performance.now() - started);
  }
  return times;
}

const p99 = (times: number[]) =>
  [...times].sort((a, b) => a - b)[Math.floor(times.length * 0.99)] ?? Number.NaN;

const dir = await mkdtemp(join(tmpdir(), "privnet-state-writes-"));
const statePath = join(dir, "chain-state.json");
const figures = recordAsMeasured();
let devnet: Devnet | undefined;
try {
  let started = performance.now();
  const fresh = await startDevnet({ port: 0, blockTime: 0, clock: false });
  const genesisStartSeconds = (performance.now() - started) / 1000;
  await fresh.stop();
  devnet = await startDevnet({ port: 0, blockTime: 0, clock: false, statePath, stateInterval: 0 });
  const url = devnet.rpcUrl;
  await call(url, "evm_setAutomine", [false]);
  const nonces = senders.map(() => 0);
  const sent = { count: 0 };
  const dumps: { transfers: number; ms: number; mb: number }[] = [];
  for (let block = 1; block <= blocks; block++) {
    await fillBlock(url, nonces, sent);
    if (block % Math.round(blocks / 4) === 0 || block === blocks) {
      const write = await writeStateFile(anvilStateDump(url, false), statePath);
      dumps.push({ transfers: sent.count, ms: write.ms, mb: write.bytes / 1e6 });
    }
  }
  for (const dump of dumps)
    console.log(
      `after ${dump.transfers} transfers: a state write of ${dump.mb.toFixed(1)} MB took ${dump.ms} ms`,
    );

  // The chain at a block a second, probed while idle, then while writes run back to back.
  await call(url, "evm_setIntervalMining", [1]);
  const idleStart = Number(await call<Hex>(url, "eth_blockNumber"));
  const idle = await probe(url, new Promise((resolve) => setTimeout(resolve, 10_000)));
  const minedIdle = Number(await call<Hex>(url, "eth_blockNumber")) - idleStart;
  const headBefore = Number(await call<Hex>(url, "eth_blockNumber"));
  const writesStarted = performance.now();
  const writes = (async () => {
    for (let index = 0; index < 5; index++) await writeStateFile(anvilStateDump(url, false), statePath);
  })();
  const busy = await probe(url, writes);
  const writesSeconds = (performance.now() - writesStarted) / 1000;
  const minedDuring = Number(await call<Hex>(url, "eth_blockNumber")) - headBefore;
  console.log(
    `idle 10 s: ${minedIdle} blocks mined; 5 writes back to back in ${writesSeconds.toFixed(1)} s: ${minedDuring} blocks mined at 1 s blocks; eth_blockNumber p99 ${p99(busy).toFixed(1)} ms (idle ${p99(idle).toFixed(1)} ms, median ${median(busy).toFixed(1)} / ${median(idle).toFixed(1)})`,
  );

  const last = dumps.at(-1) ?? { ms: Number.NaN, mb: Number.NaN, transfers };
  started = performance.now();
  await devnet.stop();
  devnet = undefined;
  const stopSeconds = (performance.now() - started) / 1000;
  started = performance.now();
  devnet = await startDevnet({ port: 0, blockTime: 0, clock: false, statePath, stateInterval: 0 });
  const restartSeconds = (performance.now() - started) / 1000;
  console.log(`stop ${stopSeconds.toFixed(2)} s, restart ${restartSeconds.toFixed(2)} s`);

  figures.state_dump_ms = figure(
    last.ms,
    dumps[0]?.ms ?? Number.NaN,
    "ms",
    `one atomic state write (anvil_dumpState streamed to a temporary file, renamed) of ${last.mb.toFixed(1)} MB after ${last.transfers} transfers in ${blocks} blocks; baseline: the same after a quarter of them`,
  );
  figures.state_dump_stall = figure(
    p99(busy),
    p99(idle),
    "ms",
    `p99 of eth_blockNumber while state writes run back to back (${minedDuring} blocks mined in ${writesSeconds.toFixed(1)} s at 1 s blocks), vs the same idle (${minedIdle} blocks in 10 s)`,
  );
  figures.stop_seconds = figure(
    stopSeconds,
    last.ms / 1000,
    "s",
    `devnet.stop() after ${last.transfers} transfers: anvil writes the state as it exits, moved over the file once it exited; baseline: one periodic write`,
  );
  figures.restart_seconds = figure(
    restartSeconds,
    genesisStartSeconds,
    "s",
    `a start on the ${last.mb.toFixed(1)} MB state file until the chain answers; baseline: a start from genesis`,
  );
} finally {
  await devnet?.stop();
  await rm(dir, { recursive: true, force: true });
}

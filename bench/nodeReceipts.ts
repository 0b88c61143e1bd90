/**
 * What the node takes to answer one block's receipts, by block size: the bound under
 * `bot_block_fill_2x` and `index_lag_blocks` (issues 25 and 27). Every send privnet follows is
 * settled from its block's receipts (`eth_getBlockReceipts`, read once per block and shared with
 * the explorer's index), so a node that needs longer than a block time to answer them cannot be
 * kept full by privnet's traffic, nor indexed within one block.
 *
 * A devnet with automine off and 120M gas; for each size N, N pre-signed transfers from one
 * account go in by JSON-RPC batches of 100, one `evm_mine` puts them in one block, then the block
 * is read (median of three):
 *
 * - `node_block_receipts_ms_<N>`: `eth_getBlockReceipts` for that block. Baseline: the same node
 *   answering the same block with its full transactions (`eth_getBlockByNumber(n, true)`), which
 *   carries about as many bytes: a ratio far above 1 is time the node spends beyond writing JSON.
 * - `node_block_receipts_growth`: the receipts time at 4,000 transactions over that at 1,000.
 *   Baseline 4 (linear growth); 16 is quadratic.
 * - `node_block_receipts_vs_block_time`: the receipts of a block full at twice the seed's gas
 *   limit (5,714 transfers) against the 2 s block time. Above 1, a block's receipts take longer
 *   to read than the block lasts.
 * - `node_tx_receipts_ms_<N>`: the same block's receipts read the other way an indexer could,
 *   one `eth_getTransactionReceipt` per transaction, in JSON-RPC batches of 100 with 8 batches
 *   in flight at once (median of three). Baseline: `eth_getBlockReceipts` for that block.
 *
 *   pnpm bench:node-receipts
 */
import { deriveAccounts, SYSTEM_MNEMONIC, toFastAccount } from "@privnet/core";
import { startDevnet } from "@privnet/devnet";
import { type Hex, parseGwei, toHex } from "viem";
import { figure, median, recordAsMeasured } from "./harness/index.js";

const SIZES = [1_000, 2_000, 4_000, 5_714] as const;
const BLOCK_TIME_MS = 2_000;

const devnet = await startDevnet({ port: 0, blockTime: 0 });
// Each figure is written as soon as it is measured: a later part that fails loses none.
const figures = recordAsMeasured();
try {
  let id = 0;
  const post = async (body: unknown) => {
    const response = await fetch(devnet.rpcUrl, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    return response.json() as Promise<unknown>;
  };
  const call = async <T>(method: string, params: unknown[]): Promise<T> => {
    const answer = (await post({ jsonrpc: "2.0", id: ++id, method, params })) as {
      result?: T;
      error?: { message: string };
    };
    if (answer.error) throw new Error(`${method}: ${answer.error.message}`);
    return answer.result as T;
  };
  const timed = async (method: string, params: unknown[]) => {
    const samples: number[] = [];
    for (let round = 0; round < 3; round++) {
      const started = performance.now();
      await call(method, params);
      samples.push(performance.now() - started);
    }
    return median(samples);
  };

  await call("evm_setBlockGasLimit", [toHex(120_000_000n)]);
  await call("evm_setAutomine", [false]);
  const [sender] = deriveAccounts(SYSTEM_MNEMONIC, [5]);
  if (!sender) throw new Error("no system account 5");
  const account = toFastAccount(sender.privateKey as Hex);
  let nonce = 0;
  const receiptsMs = new Map<number, number>();
  for (const size of SIZES) {
    const signed: Hex[] = [];
    for (let index = 0; index < size; index++) {
      signed.push(
        await account.signTransaction({
          chainId: devnet.chain.id,
          type: "eip1559",
          to: `0x${(nonce + 1).toString(16).padStart(40, "0")}`,
          value: 1n,
          nonce: nonce++,
          gas: 21_000n,
          maxFeePerGas: parseGwei("20"),
          maxPriorityFeePerGas: 1n,
        }),
      );
    }
    for (let start = 0; start < signed.length; start += 100) {
      await post(
        signed.slice(start, start + 100).map((transaction, index) => ({
          jsonrpc: "2.0",
          id: index,
          method: "eth_sendRawTransaction",
          params: [transaction],
        })),
      );
    }
    await call("evm_mine", []);
    const head = await call<Hex>("eth_blockNumber", []);
    const block = await call<{ transactions: Hex[] }>("eth_getBlockByNumber", [head, false]);
    if (block.transactions.length !== size)
      throw new Error(`block ${Number(head)} holds ${block.transactions.length} transactions, not ${size}`);
    const receipts = await timed("eth_getBlockReceipts", [head]);
    const full = await timed("eth_getBlockByNumber", [head, true]);
    const oneByOne = await timedOneByOne(post, block.transactions);
    receiptsMs.set(size, receipts);
    figures[`node_tx_receipts_ms_${size}`] = figure(
      oneByOne,
      receipts,
      "ms",
      `anvil answering eth_getTransactionReceipt for each of a block's ${size} transfers (batches of 100, 8 in flight; median of 3); baseline: eth_getBlockReceipts for the block`,
    );
    figures[`node_block_receipts_ms_${size}`] = figure(
      receipts,
      full,
      "ms",
      `anvil answering eth_getBlockReceipts for a block of ${size} transfers (median of 3); baseline: the same block with its full transactions`,
    );
    console.log(
      `${size} transfers: receipts ${receipts.toFixed(0)} ms, one by one ${oneByOne.toFixed(0)} ms, full block ${full.toFixed(0)} ms`,
    );
  }
  const at = (size: number) => receiptsMs.get(size) ?? Number.NaN;
  figures.node_block_receipts_growth = figure(
    at(4_000) / at(1_000),
    4,
    "×",
    "eth_getBlockReceipts at 4,000 transfers over 1,000; baseline 4 (linear growth), 16 would be quadratic",
  );
  figures.node_block_receipts_vs_block_time = figure(
    at(5_714),
    BLOCK_TIME_MS,
    "ms",
    "eth_getBlockReceipts for a block full at 120M gas (5,714 transfers) against the 2 s block time it must be read within",
  );
} finally {
  await devnet.stop();
}

/** Every receipt of `hashes` asked for one by one: batches of 100, 8 in flight; median of 3 rounds. */
async function timedOneByOne(post: (body: unknown) => Promise<unknown>, hashes: readonly Hex[]) {
  const batches: Hex[][] = [];
  for (let start = 0; start < hashes.length; start += 100) batches.push(hashes.slice(start, start + 100));
  const samples: number[] = [];
  for (let round = 0; round < 3; round++) {
    const started = performance.now();
    let next = 0;
    const lane = async () => {
      for (let batch = batches[next++]; batch; batch = batches[next++]) {
        const answers = (await post(
          batch.map((hash, index) => ({
            jsonrpc: "2.0",
            id: index,
            method: "eth_getTransactionReceipt",
            params: [hash],
          })),
        )) as { result?: { status: Hex } }[];
        // (The first transfers go to precompiles, 0x…01 upwards: some fail, which is a receipt too.)
        const missing = answers.find((answer) => !answer.result?.status);
        if (missing) throw new Error(`a receipt is missing: ${JSON.stringify(missing).slice(0, 300)}`);
      }
    };
    await Promise.all(Array.from({ length: 8 }, lane));
    samples.push(performance.now() - started);
  }
  return median(samples);
}

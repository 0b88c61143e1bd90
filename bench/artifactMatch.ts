/**
 * What naming contracts by their code costs: `artifact_match_ms` is the time to look up 1,000
 * contracts deployed outside privnet (200 contracts compiled with solc from npm, 5 deployments
 * each with its own immutable, so no two share a code hash) with 200 artifacts loaded, on a fresh
 * platform: each address's code read, hashed and compared. Baseline, in the same run on the same
 * anvil: reading those 1,000 codes with viem (`getCode`, batched the same way), what any explorer
 * pays to see the code at all. Also recorded: `artifact_match_cached_ms`, the same 1,000 lookups
 * again once matched (within the few seconds an address's code is reused).
 *
 *   pnpm bench:artifact-match
 */
import { createHash } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createPlatform } from "@privnet/core";
import { startDevnet } from "@privnet/devnet";
import {
  type Address,
  createPublicClient,
  createWalletClient,
  encodeDeployData,
  type Hex,
  http,
  parseAbi,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { type Figure, figure, recordFigures } from "./harness/index.js";

const CONTRACTS = 200;
/** Every generated contract's constructor. */
const CONSTRUCTOR = parseAbi(["constructor(uint256 value)"]);
const COPIES = 5;

const source = [
  "// SPDX-License-Identifier: MIT",
  "pragma solidity 0.8.28;",
  ...Array.from(
    { length: CONTRACTS },
    (_, index) => `contract C${index} {
  uint256 public immutable seed;
  uint256 public total;
  event Added(uint256 value);
  constructor(uint256 value) { seed = value; }
  function add${index}(uint256 value) external { total += value * ${index + 1} + seed; emit Added(total); }
}`,
  ),
].join("\n");
// The compile (~40 s in solc's JavaScript build here) is kept under the source's hash.
const cached = join(
  tmpdir(),
  `privnet-bench-artifacts-${createHash("sha256").update(source).digest("hex").slice(0, 16)}.json`,
);
let started = performance.now();
let output: {
  contracts: Record<string, Record<string, { abi: unknown[]; evm: { bytecode: { object: string } } }>>;
};
if (existsSync(cached)) {
  output = JSON.parse(readFileSync(cached, "utf8"));
} else {
  const solc = createRequire(import.meta.url)("solc") as { compile(input: string): string };
  output = JSON.parse(
    solc.compile(
      JSON.stringify({
        language: "Solidity",
        sources: { "bench/Many.sol": { content: source } },
        settings: {
          optimizer: { enabled: true, runs: 200 },
          outputSelection: {
            "*": {
              "*": [
                "abi",
                "evm.bytecode.object",
                "evm.deployedBytecode.object",
                "evm.deployedBytecode.immutableReferences",
              ],
            },
          },
        },
      }),
    ),
  );
  writeFileSync(cached, JSON.stringify(output));
}
console.log(`compiled ${CONTRACTS} contracts in ${((performance.now() - started) / 1000).toFixed(1)} s`);
const compiled = Object.entries(output.contracts["bench/Many.sol"] ?? {});

const devnet = await startDevnet({ port: 0, blockTime: 0 });
try {
  const account = privateKeyToAccount(devnet.accounts[1]?.privateKey as Hex);
  const wallet = createWalletClient({ chain: devnet.chain, transport: http(devnet.rpcUrl), account });
  const reader = createPublicClient({
    chain: devnet.chain,
    transport: http(devnet.rpcUrl, { batch: { batchSize: 64, wait: 0 } }),
  });
  let nonce = await reader.getTransactionCount({ address: account.address });
  const hashes: Hex[] = [];
  for (let copy = 0; copy < COPIES; copy++) {
    for (const [, contract] of compiled) {
      const data = encodeDeployData({
        abi: CONSTRUCTOR,
        bytecode: `0x${contract.evm.bytecode.object}`,
        args: [BigInt(copy + 1)],
      });
      hashes.push(await wallet.sendTransaction({ data, nonce: nonce++, gas: 1_000_000n }));
    }
  }
  const receipts = await Promise.all(hashes.map((hash) => reader.waitForTransactionReceipt({ hash })));
  const addresses = receipts.map((receipt) => receipt.contractAddress as Address);
  console.log(`deployed ${addresses.length} contracts`);

  started = performance.now();
  await Promise.all(addresses.map((address) => reader.getCode({ address })));
  const baseline = performance.now() - started;

  const platform = await createPlatform({ transport: http(devnet.rpcUrl) });
  try {
    const loaded = await platform.contracts.loadArtifacts({
      source: "bench",
      files: [{ path: "Many.json", contents: JSON.stringify(output) }],
    });
    if (loaded.contracts.length !== CONTRACTS) throw new Error(`loaded ${loaded.contracts.length} artifacts`);
    started = performance.now();
    const found = await Promise.all(addresses.map((address) => platform.contracts.lookup(address)));
    const matched = performance.now() - started;
    const wrong = found.filter((known, index) => known.name !== compiled[index % CONTRACTS]?.[0]).length;
    if (wrong > 0) throw new Error(`${wrong} contracts named wrongly`);
    started = performance.now();
    await Promise.all(addresses.map((address) => platform.contracts.lookup(address)));
    const cached = performance.now() - started;

    const work = (what: string) =>
      `${COPIES * CONTRACTS} contracts deployed outside privnet against ${CONTRACTS} artifacts: ${what}; baseline: reading their 1,000 codes with viem (batched)`;
    const figures: Record<string, Figure> = {
      artifact_match_ms: figure(
        matched,
        baseline,
        "ms",
        work("platform.contracts.lookup of each, first time"),
      ),
      artifact_match_cached_ms: figure(cached, baseline, "ms", work("the same lookups again, matched")),
    };
    recordFigures(figures);
  } finally {
    await platform.close();
  }
} finally {
  await devnet.stop();
}

/**
 * What explaining a simulated bundle costs: `simulate_ms` is the median time of
 * `platform.explorer.simulate` for a bundle of 3 calls with state changes (USDC `approve` by a
 * keyless holder whose balance is overridden by variable name, `transferFrom` by the spender, a
 * `transfer` by the receiver), each call explained like a mined transaction (decoded call and
 * events, call tree, state changes named from the platform build's storage layouts, token
 * balance changes). Baseline, in the same run on the same anvil: the same 3 calls with the same
 * override in one `eth_simulateV1`, what the node alone needs to run them in order (no trace, no
 * state diff, nothing decoded).
 *
 *   pnpm bench:simulate
 */
import { createPlatform } from "@privnet/core";
import { startDevnet } from "@privnet/devnet";
import {
  type Address,
  encodeFunctionData,
  erc20Abi,
  getAddress,
  type Hex,
  http,
  keccak256,
  toHex,
} from "viem";
import { compilePlatformBuild } from "../packages/core/src/explorer/simulate/fixtures/compilePlatformBuild.js";
import { type Figure, figure, median, recordFigures } from "./harness/index.js";

const RUNS = 40;
const WARMUP = 5;
const owner = getAddress("0x00000000000000000000000000000000000a11ce");
const spender = getAddress("0x0000000000000000000000000000000000000b0b");
const receiver = getAddress("0x0000000000000000000000000000000000000ca1");

const build = await compilePlatformBuild();
const devnet = await startDevnet({ port: 0, blockTime: 0 });
try {
  const platform = await createPlatform({ transport: http(devnet.rpcUrl), contracts: true });
  try {
    await platform.contracts.loadArtifacts({ source: "platform", files: build.files });
    const { addresses } = await platform.contracts.get();
    const usdc = addresses.usdc;
    const calls = [
      { from: owner, to: usdc, function: "approve", args: [spender, "500000"] },
      { from: spender, to: usdc, function: "transferFrom", args: [owner, receiver, "300000"] },
      { from: receiver, to: usdc, function: "transfer", args: [owner, "100000"] },
    ];
    const bundle = { overrides: { [usdc]: { storage: { [`_balances[${owner}]`]: "1000000" } } }, calls };

    const timings: number[] = [];
    for (let run = 0; run < WARMUP + RUNS; run++) {
      const started = performance.now();
      const simulation = await platform.explorer.simulate(bundle);
      if (run >= WARMUP) timings.push(performance.now() - started);
      const named = simulation.calls
        .flatMap((call) => call.stateChanges?.storage ?? [])
        .flatMap((change) => change.variables);
      if (simulation.calls.some((call) => call.transaction.status !== "success") || named.length < 6) {
        throw new Error(
          `the bundle did not run as expected: ${JSON.stringify(named.map((variable) => variable.name))}`,
        );
      }
    }

    // `_balances` is OpenZeppelin ERC20's first variable: slot 0.
    const balanceSlot = keccak256(`0x${owner.slice(2).padStart(64, "0")}${"0".repeat(64)}` as Hex);
    const raw = [
      encodeFunctionData({ abi: erc20Abi, functionName: "approve", args: [spender, 500_000n] }),
      encodeFunctionData({ abi: erc20Abi, functionName: "transferFrom", args: [owner, receiver, 300_000n] }),
      encodeFunctionData({ abi: erc20Abi, functionName: "transfer", args: [owner, 100_000n] }),
    ];
    const froms = [owner, spender, receiver];
    const baselines: number[] = [];
    for (let run = 0; run < WARMUP + RUNS; run++) {
      const started = performance.now();
      const [block] = await platform.client.simulateBlocks({
        blocks: [
          {
            stateOverrides: [
              { address: usdc, stateDiff: [{ slot: balanceSlot, value: toHex(1_000_000n, { size: 32 }) }] },
            ],
            calls: raw.map((data, index) => ({ account: froms[index] as Address, to: usdc, data })),
          },
        ],
      });
      if (run >= WARMUP) baselines.push(performance.now() - started);
      if (block?.calls.some((call) => call.status !== "success"))
        throw new Error("eth_simulateV1 did not run the bundle");
    }

    const figures: Record<string, Figure> = {
      simulate_ms: figure(
        median(timings),
        median(baselines),
        "ms",
        `p50 of ${RUNS} platform.explorer.simulate of a 3-call USDC bundle (approve, transferFrom, transfer) with a storage override by variable name, each call explained with state changes named from storage layouts; baseline: the same bundle in one eth_simulateV1 (p50)`,
      ),
    };
    recordFigures(figures);
  } finally {
    await platform.close();
  }
} finally {
  await devnet.stop();
}

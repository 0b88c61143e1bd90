/**
 * `pnpm bench`: every benchmark, one after the other, each in a process of its own, into one fresh
 * `bench/results/latest.json` (the machine and its load written once, at the start). Ends with
 * every figure — value, baseline, ratio, target and whether it is met — and how long each
 * benchmark took. A benchmark that fails does not stop the others; the run then exits with 1.
 * Targets missed are reported, not failed: docs/performance.md explains each.
 *
 *   pnpm bench                         # everything (about 5 minutes on the 2-core machine)
 *   pnpm bench --only sender,startup   # some of them
 */
import { spawnSync } from "node:child_process";
import { loadavg } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { BENCH_RUN_ENV, formatFigure, readMachine, readResults, writeResults } from "./harness/index.js";

/** Each benchmark: its `bench:*` script name, its file and the file's arguments. */
const benchmarks = [
  ["signer", "signer.ts"],
  ["sender", "sender.ts"],
  ["soak", "senderSoak.ts"],
  ["admin", "admin-api.ts"],
  ["bots", "bots.ts"],
  ["block-fill", "botBlockFill.ts"],
  ["block-fill-2x", "botBlockFill.ts", "--gas-limit", "120000000"],
  ["scenario-fill", "scenarioBlockFill.ts"],
  ["explorer-index", "explorerIndex.ts"],
  ["artifact-match", "artifactMatch.ts"],
  ["node-receipts", "nodeReceipts.ts"],
  ["pool-loss", "poolLoss.ts"],
  ["startup", "startup.ts"],
  ["fixture-reset", "fixtureReset.ts"],
  ["oracle-burst", "oracleBurst.ts"],
  ["timestamps", "blockTimestamps.ts"],
  ["keeper", "keeperLiquidation.ts"],
  ["uniswap", "uniswapBlockFill.ts"],
  ["panel", "panel.ts"],
  ["throughput", "throughputTracking.ts"],
  ["event-loop", "eventLoopLag.ts"],
] as const;

const { values: args } = parseArgs({ options: { only: { type: "string" } } });
const only = args.only?.split(",").map((name) => name.trim());
const unknown = only?.filter((name) => !benchmarks.some(([known]) => known === name)) ?? [];
if (unknown.length > 0) {
  console.error(
    `unknown benchmark ${unknown.join(", ")}: use ${benchmarks.map(([name]) => name).join(", ")}`,
  );
  process.exit(2);
}
const root = join(dirname(fileURLToPath(import.meta.url)), "..");

writeResults({ figures: {}, machine: readMachine() });
const { machine } = readResults();
console.log(
  `machine: ${machine.cpu}, ${machine.cores} cores, ${machine.memoryGiB} GiB, Node ${machine.node}, ${machine.os}, load average ${machine.loadAverage.join(" ")}`,
);

const durations: [string, number, boolean][] = [];
const started = performance.now();
for (const [name, file, ...fileArgs] of benchmarks) {
  if (only && !only.includes(name)) continue;
  console.log(`\n=== bench:${name} (bench/${file}) ===`);
  const begun = performance.now();
  const result = spawnSync(
    process.execPath,
    ["--conditions=source", "--import", "tsx", join(root, "bench", file), ...fileArgs],
    { cwd: root, stdio: "inherit", env: { ...process.env, [BENCH_RUN_ENV]: "1" } },
  );
  durations.push([name, (performance.now() - begun) / 1000, result.status === 0]);
}

const results = readResults();
results.machine.loadAverageAtEnd = loadavg().map((load) => Number(load.toFixed(2)));
writeResults(results);
console.log("\n=== every figure (bench/results/latest.json) ===");
for (const [name, entry] of Object.entries(results.figures)) console.log(formatFigure(name, entry));
console.log(
  `load average at the start ${results.machine.loadAverage.join(" ")}, at the end ${results.machine.loadAverageAtEnd?.join(" ")} (${results.machine.cores} cores)`,
);
console.log("\n=== time taken ===");
for (const [name, seconds, ok] of durations) {
  console.log(`${`bench:${name}`.padEnd(18)} ${seconds.toFixed(0).padStart(5)} s${ok ? "" : "  FAILED"}`);
}
console.log(`${"total".padEnd(18)} ${((performance.now() - started) / 1000).toFixed(0).padStart(5)} s`);
process.exit(durations.every(([, , ok]) => ok) ? 0 : 1);

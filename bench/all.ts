/**
 * `pnpm bench`: every benchmark, one after the other, each in a process of its own, into one fresh
 * `bench/results/latest.json` (the machine and its load written once, at the start). Ends with
 * every figure — value, baseline, ratio, target and whether it is met — and how long each
 * benchmark took. A benchmark that fails does not stop the others; the run then exits with 1.
 * Targets missed are reported, not failed: docs/performance.md explains each.
 *
 *   pnpm bench                         # everything but the long soak (about 5 minutes on the 2-core machine)
 *   pnpm bench --long                  # and the long soak: 100,000 sends, about 3 more minutes;
 *                                      # history-growth at 1,000,000 records instead of 100,000; and
 *                                      # node-state at 1,000,000 transfers (~9 minutes) instead of 40,000
 *   pnpm bench --only sender,startup   # some of them
 *
 * Without `--long`, the long soak's figures (`rss_after_100k_sends`, `heap_after_100k_sends`) are
 * carried over from the results file as it was (the last `pnpm bench --long` or
 * `pnpm bench:soak-long`), marked with when they were measured, so that every run prints them.
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
  ["soak-long", "senderSoakLong.ts"],
  ["admin", "admin-api.ts"],
  ["bots", "bots.ts"],
  ["block-fill", "botBlockFill.ts"],
  ["block-fill-2x", "botBlockFill.ts", "--gas-limit", "120000000"],
  ["scenario-fill", "scenarioBlockFill.ts"],
  ["explorer-index", "explorerIndex.ts"],
  ["artifact-match", "artifactMatch.ts"],
  ["simulate", "simulate.ts"],
  ["forks", "forkStart.ts"],
  ["node-receipts", "nodeReceipts.ts"],
  ["node-state", "nodeState.ts"],
  ["state-writes", "stateWrites.ts"],
  ["pool-loss", "poolLoss.ts"],
  ["startup", "startup.ts"],
  ["fixture-reset", "fixtureReset.ts"],
  ["oracle-burst", "oracleBurst.ts"],
  ["timestamps", "blockTimestamps.ts"],
  ["chain-policy", "chainPolicy.ts"],
  ["keeper", "keeperLiquidation.ts"],
  ["uniswap", "uniswapBlockFill.ts"],
  ["panel", "panel.ts"],
  ["throughput", "throughputTracking.ts"],
  ["event-loop", "eventLoopLag.ts"],
  ["history-growth", "historyGrowth.ts"],
] as const;

/** Arguments a benchmark takes with `--long` instead of its own defaults. */
const longArguments: Record<string, string[]> = {
  "history-growth": ["--records", "1000000"],
  "node-state": ["--transfers", "1000000", "--blocks", "5000"],
};
/** Run only with `--long` (or named in `--only`): minutes of their own. */
const long = new Set<string>(["soak-long"]);
/** The figures of the long benchmarks, carried over from the last run that measured them. */
const longFigures = ["rss_after_100k_sends", "rss_after_100k_sends_regular_gc", "heap_after_100k_sends"];

const { values: args } = parseArgs({
  options: { only: { type: "string" }, long: { type: "boolean", default: false } },
});
const only = args.only?.split(",").map((name) => name.trim());
const unknown = only?.filter((name) => !benchmarks.some(([known]) => known === name)) ?? [];
if (unknown.length > 0) {
  console.error(
    `unknown benchmark ${unknown.join(", ")}: use ${benchmarks.map(([name]) => name).join(", ")}`,
  );
  process.exit(2);
}
const root = join(dirname(fileURLToPath(import.meta.url)), "..");

const runsLong = (name: string) => (only ? only.includes(name) : args.long);
const previous = readResults();
const carried = Object.fromEntries(
  runsLong("soak-long")
    ? []
    : longFigures.flatMap((name) => {
        const entry = previous.figures[name];
        if (!entry) return [];
        const note = `carried over from the run of ${previous.machine.startedAt} (\`pnpm bench --long\` measures it again): `;
        return [
          [name, { ...entry, work: entry.work.startsWith("carried over") ? entry.work : note + entry.work }],
        ];
      }),
);
writeResults({ figures: carried, machine: readMachine() });
const { machine } = readResults();
console.log(
  `machine: ${machine.cpu}, ${machine.cores} cores, ${machine.memoryGiB} GiB, Node ${machine.node}, ${machine.os}, load average ${machine.loadAverage.join(" ")}`,
);

const durations: [string, number, boolean][] = [];
const started = performance.now();
for (const [name, file, ...fileArgs] of benchmarks) {
  if (only && !only.includes(name)) continue;
  if (long.has(name) && !runsLong(name)) continue;
  console.log(`\n=== bench:${name} (bench/${file}) ===`);
  const begun = performance.now();
  const result = spawnSync(
    process.execPath,
    [
      "--conditions=source",
      "--import",
      "tsx",
      join(root, "bench", file),
      ...fileArgs,
      ...(args.long ? (longArguments[name] ?? []) : []),
    ],
    { cwd: root, stdio: "inherit", env: { ...process.env, [BENCH_RUN_ENV]: "1" } },
  );
  durations.push([name, (performance.now() - begun) / 1000, result.status === 0]);
}

const results = readResults();
results.machine.loadAverageAtEnd = loadavg().map((load) => Number(load.toFixed(2)));
writeResults(results);
console.log("\n=== every figure (bench/results/latest.json) ===");
for (const [name, entry] of Object.entries(results.figures)) console.log(formatFigure(name, entry));
for (const name of longFigures) {
  const entry = results.figures[name];
  if (!entry)
    console.log(`${name.padEnd(34)} not measured yet: \`pnpm bench --long\` or \`pnpm bench:soak-long\``);
  else if (entry.work.startsWith("carried over"))
    console.log(`(${name}: ${entry.work.slice(0, entry.work.indexOf("): ") + 1)})`);
}
console.log(
  `load average at the start ${results.machine.loadAverage.join(" ")}, at the end ${results.machine.loadAverageAtEnd?.join(" ")} (${results.machine.cores} cores)`,
);
console.log("\n=== time taken ===");
for (const [name, seconds, ok] of durations) {
  console.log(`${`bench:${name}`.padEnd(18)} ${seconds.toFixed(0).padStart(5)} s${ok ? "" : "  FAILED"}`);
}
console.log(`${"total".padEnd(18)} ${((performance.now() - started) / 1000).toFixed(0).padStart(5)} s`);
process.exit(durations.every(([, , ok]) => ok) ? 0 : 1);

import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { BenchResults, Figure } from "./Figure.js";
import { readMachine } from "./readMachine.js";
import { describeTarget, meetsTarget } from "./targets.js";

/** Where every benchmark adds its figures: `bench/results/latest.json`, or `PRIVNET_BENCH_RESULTS`. */
export const resultsFile =
  process.env.PRIVNET_BENCH_RESULTS ||
  join(dirname(fileURLToPath(import.meta.url)), "../results/latest.json");

/**
 * Set by `pnpm bench` for the scripts it runs: the machine (and its load at the start) is the
 * run's, written once by the runner; a script run alone writes its own.
 */
export const BENCH_RUN_ENV = "PRIVNET_BENCH_RUN";

/** The results file as it is now; an empty one when it is missing or unreadable. */
export function readResults(): BenchResults {
  try {
    const parsed = JSON.parse(readFileSync(resultsFile, "utf8")) as Partial<BenchResults>;
    if (parsed.figures && parsed.machine) return { figures: parsed.figures, machine: parsed.machine };
    return { figures: parsed.figures ?? {}, machine: parsed.machine ?? readMachine() };
  } catch {
    return { figures: {}, machine: readMachine() };
  }
}

/** Replaces the results file as a whole (written to a temporary file first, then renamed). */
export function writeResults(results: BenchResults) {
  mkdirSync(dirname(resultsFile), { recursive: true });
  const temporary = `${resultsFile}.${process.pid}.tmp`;
  writeFileSync(temporary, `${JSON.stringify(results, null, 2)}\n`);
  renameSync(temporary, resultsFile);
}

/**
 * Prints each figure (value, baseline, ratio, target and whether it is met) and merges them into
 * `bench/results/latest.json`: read, add or replace these names, write. Figures of other
 * benchmarks stay, so that each `bench:*` script can run alone or as part of `pnpm bench`.
 *
 * @example
 * recordFigures({ sender_vs_presigned: figure(812, 2031, "tx/s", "sendFromWallet vs pre-signed") });
 */
export function recordFigures(figures: Record<string, Figure>) {
  for (const [name, entry] of Object.entries(figures)) console.log(formatFigure(name, entry));
  const results = readResults();
  results.figures = { ...results.figures, ...figures };
  if (!process.env[BENCH_RUN_ENV]) results.machine = readMachine();
  writeResults(results);
  console.log(`(written to ${resultsFile})`);
}

/** One line: name, value, baseline, ratio, and the target with "met" / "NOT met". */
export function formatFigure(name: string, entry: Figure): string {
  const number = (value: number) => value.toLocaleString("en-US", { maximumFractionDigits: 2 });
  const target = describeTarget(name, entry.unit);
  const met = meetsTarget(name, entry);
  const verdict = met === undefined ? "" : `  target ${target}: ${met ? "met" : "NOT met"}`;
  return `${name.padEnd(34)} ${`${number(entry.value)} ${entry.unit}`.padStart(16)}  baseline ${`${number(entry.baseline)} ${entry.unit}`.padStart(16)}  ratio ${String(entry.ratio).padStart(6)}${verdict}`;
}

/**
 * A figures object that records each figure the moment it is set (printed and merged into the
 * results file), so that a later part of the script that fails loses none of those measured.
 *
 * @example
 * const figures = recordAsMeasured();
 * figures.timestamps_repeated = figure(0, 113, "blocks", "…"); // written now
 */
export function recordAsMeasured(): Record<string, Figure> {
  return new Proxy({} as Record<string, Figure>, {
    set(target, name, entry: Figure) {
      if (typeof name !== "string") return false;
      target[name] = entry;
      recordFigures({ [name]: entry });
      return true;
    },
  });
}

/**
 * `privnet up` start-up, measured with the real CLI in a child process on free ports:
 *
 * - `up_cold_seconds`: a fresh data directory (the contracts are deployed, the keys funded);
 * - `up_warm_seconds`: the same directory again (chain state, database and contracts reused).
 *
 * Each is timed from the spawn to every endpoint answering: the admin API (`/health` and the
 * panel at `/panel/`), the oracle API (`/health`) and the chain (`eth_chainId`). The ports are
 * polled from the moment `privnet up` bound them (they answer 503 until their service started).
 * Baseline: the devnet alone (`privnet-devnet`, the same anvil, from spawn to answering), so the
 * ratio says what the rest of the stack adds.
 *
 * The figures use the built `privnet` command (`packages/cli/dist/bin/privnet.js`, what an
 * installed `privnet` runs); the build is brought up to date first (turbo, cached). The same runs
 * from source through tsx (`pnpm privnet up`, `npm start`) are recorded as `up_*_seconds_source`.
 *
 *   pnpm bench:startup                 # 3 runs of each, medians
 *   pnpm bench:startup --runs 5
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { figure, median, recordFigures } from "./harness/index.js";

const { values: args } = parseArgs({ options: { runs: { type: "string", default: "3" } } });
const runs = Number(args.runs);
const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const builtCli = join(root, "packages/cli/dist/bin/privnet.js");
const builtDevnet = join(root, "packages/devnet/dist/bin/privnet-devnet.js");
const sourceCli = join(root, "packages/cli/src/bin/privnet.ts");
const tsx = pathToFileURL(createRequire(join(root, "packages/cli/package.json")).resolve("tsx/esm")).href;

console.log("building the CLI and what it runs (turbo: cached when nothing changed)…");
execFileSync(
  "pnpm",
  ["exec", "turbo", "run", "build", "--filter=@privnet/cli...", "--output-logs=errors-only"],
  {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, TURBO_TELEMETRY_DISABLED: "1" },
  },
);

type Command = { label: string; argv: string[] };
const built: Command = { label: "built", argv: [builtCli] };
const source: Command = { label: "source", argv: ["--conditions=source", "--import", tsx, sourceCli] };

/** Resolves once `check` succeeds, trying every 10 ms; rejects when the process exits first. */
async function until(check: () => Promise<boolean>, exited: () => boolean) {
  for (;;) {
    if (exited()) throw new Error("the process exited before answering");
    if (await check().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
const answers = (url: string) => async () => (await fetch(url)).status === 200;
const rpcAnswers = (url: string) => async () => {
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "eth_chainId", params: [] }),
  });
  return ((await response.json()) as { result?: string }).result === "0x301824";
};

/** Lines of a child's output, each as soon as it is printed. */
function lines(child: ChildProcess, onLine: (line: string) => void) {
  let buffered = "";
  const read = (chunk: Buffer) => {
    buffered += chunk.toString("utf8");
    for (let newline = buffered.indexOf("\n"); newline !== -1; newline = buffered.indexOf("\n")) {
      onLine(buffered.slice(0, newline));
      buffered = buffered.slice(newline + 1);
    }
  };
  child.stdout?.on("data", read);
  child.stderr?.on("data", read);
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGINT"); // the chain state is written on stop: the next (warm) run needs it
  await exited;
}

/** Seconds from spawning `privnet up` on `dataDir` until every endpoint answers. */
async function timeUp(command: Command, dataDir: string): Promise<number> {
  const started = performance.now();
  const child = spawn(
    process.execPath,
    [...command.argv, "up", "--port", "0", "--oracle-port", "0", "--chain-port", "0", "--data-dir", dataDir],
    { cwd: dataDir, stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, PRIVNET_LOG_FORMAT: "json" } },
  );
  const output: string[] = [];
  const waits: Promise<void>[] = [];
  const exited = () => child.exitCode !== null || child.signalCode !== null;
  let portsSeen: () => void = () => {};
  const ports = new Promise<void>((resolve) => {
    portsSeen = resolve;
  });
  lines(child, (line) => {
    output.push(line);
    const bound = /admin API on (\S+), oracle API on (\S+) /.exec(line);
    if (bound) {
      waits.push(until(answers(`http://${bound[1]}/health`), exited));
      waits.push(until(answers(`http://${bound[1]}/panel/`), exited));
      waits.push(until(answers(`http://${bound[2]}/health`), exited));
    }
    const chain = /✓ chain +embedded devnet .* on (\S+),/.exec(line);
    if (chain?.[1]) {
      waits.push(until(rpcAnswers(chain[1]), exited));
      portsSeen();
    }
  });
  try {
    await Promise.race([
      ports,
      new Promise((_, reject) => child.once("exit", () => reject(new Error(output.join("\n"))))),
    ]);
    await Promise.all(waits);
    return (performance.now() - started) / 1000;
  } catch (error) {
    throw new Error(`privnet up did not come up:\n${output.join("\n")}`, { cause: error });
  } finally {
    await stop(child);
  }
}

/** Seconds from spawning `privnet-devnet` until its chain answers. */
async function timeDevnet(): Promise<number> {
  const started = performance.now();
  const child = spawn(process.execPath, [builtDevnet, "--port", "0"], { stdio: ["ignore", "pipe", "pipe"] });
  try {
    const url = await new Promise<string>((resolve, reject) => {
      lines(child, (line) => {
        const match = /RPC URL +(\S+)/.exec(line);
        if (match?.[1]) resolve(match[1]);
      });
      child.once("exit", () => reject(new Error("privnet-devnet exited")));
    });
    await until(rpcAnswers(url), () => child.exitCode !== null);
    return (performance.now() - started) / 1000;
  } finally {
    await stop(child);
  }
}

async function measure(command: Command) {
  const cold: number[] = [];
  const warm: number[] = [];
  for (let run = 0; run < runs; run++) {
    const dataDir = mkdtempSync(join(tmpdir(), "privnet-bench-up-"));
    try {
      cold.push(await timeUp(command, dataDir));
      warm.push(await timeUp(command, dataDir));
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  const show = (values: number[]) => values.map((value) => `${value.toFixed(2)} s`).join(", ");
  console.log(`${command.label}: cold ${show(cold)}; warm ${show(warm)}`);
  return { cold: median(cold), warm: median(warm) };
}

await timeDevnet(); // warm-up: the file system cache, anvil's binary
const devnet: number[] = [];
for (let run = 0; run < runs; run++) devnet.push(await timeDevnet());
console.log(`privnet-devnet alone: ${devnet.map((value) => `${value.toFixed(2)} s`).join(", ")}`);
const baseline = median(devnet);
const work = (what: string, how: string) =>
  `${how} privnet up on free ports, ${what} data directory, from spawn to every endpoint answering (admin /health and /panel/, oracle /health, chain eth_chainId); median of ${runs}; baseline: privnet-devnet alone (the same anvil) from spawn to answering`;
// Each pair is written as soon as it is measured: a later part that fails loses none.
const fromBuild = await measure(built);
recordFigures({
  up_cold_seconds: figure(fromBuild.cold, baseline, "s", work("a fresh", "the built")),
  up_warm_seconds: figure(fromBuild.warm, baseline, "s", work("an existing", "the built")),
});
const fromSource = await measure(source);
recordFigures({
  up_cold_seconds_source: figure(fromSource.cold, baseline, "s", work("a fresh", "from source (tsx)")),
  up_warm_seconds_source: figure(fromSource.warm, baseline, "s", work("an existing", "from source (tsx)")),
});

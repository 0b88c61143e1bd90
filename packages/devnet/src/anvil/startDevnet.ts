import { type ChildProcess, spawn } from "node:child_process";
import { mkdirSync, statSync } from "node:fs";
import { createServer } from "node:net";
import { dirname, resolve as resolvePath } from "node:path";
import {
  type ChainFaults,
  type DerivedAccount,
  deriveAccounts,
  PRIVNET_GAS_LIMIT,
  privnet,
  SYSTEM_ACCOUNT_BALANCE,
  SYSTEM_ACCOUNT_COUNT,
  SYSTEM_MNEMONIC,
} from "@privnet/core";
import { firstIndexes } from "@privnet/core/internal";
import type { Chain } from "viem";
import {
  DevnetFaultError,
  DevnetPortInUseError,
  DevnetStartError,
  DevnetStateInvalidError,
} from "../errors.js";
import { createDevnetFaults } from "../faults/createDevnetFaults.js";
import { faultRpc, miningMode, readPool, resumeMining } from "../faults/faultRpc.js";
import { type ClockWorker, type ClockWorkerOwner, startClockWorker } from "./clock/startClockWorker.js";
import { resolveAnvilBinary } from "./resolveAnvilBinary.js";
import { supervisorScript } from "./supervisor.js";

export type StartDevnetOptions = {
  /** Port to listen on. 0 picks a free one. Default: 8545. */
  port?: number;
  /** Interface to bind. Default: 127.0.0.1. */
  host?: string;
  /** Seconds between blocks (fractions allowed). 0 mines a block per transaction. Default: 2. */
  blockTime?: number;
  /**
   * Mine every transaction at once until {@link Devnet.useBlockTime} is called, and only then a
   * block every `blockTime` seconds: set-up transactions (deploying contracts, funding keys) are
   * mined without waiting for block time. Needs a whole number of seconds (anvil switches to
   * interval mining in whole seconds); nothing to do with `blockTime` 0. Default: false.
   */
  automineFirst?: boolean;
  /**
   * Chain state file: loaded on start when it exists, written on `stop()`. Historical states are
   * kept (`--preserve-historical-states`) so that reads at old blocks work after a restart.
   */
  statePath?: string;
  /** Mnemonic of the prefunded accounts. Default: the Kurtosis default mnemonic. */
  mnemonic?: string;
  /** Number of prefunded accounts. Default: 21. */
  accounts?: number;
  /** Balance of each prefunded account, in wei. Default: 1,000,000,000 ETH. */
  balance?: bigint;
  /** Path of an anvil binary to run instead of the one from `@foundry-rs/anvil`. */
  binary?: string;
  /** Milliseconds to wait for anvil to answer. Default: 20,000. */
  startTimeout?: number;
  /** Receives every line anvil prints. Default: lines are kept only for error messages. */
  onLog?: (line: string) => void;
  /**
   * Hardhat's block timestamps: each block later than its parent (by a second automining, by the
   * block time otherwise) and never behind the wall clock plus `evm_increaseTime`. A small relay
   * on the devnet's port keeps that clock in front of anvil, which listens on a loopback port of
   * its own. `false`: anvil alone on the devnet's port, with anvil's timestamps (blocks mined in
   * the same second share one). Default: true.
   */
  clock?: boolean;
};

export type Devnet = {
  /** HTTP JSON-RPC URL, e.g. `http://127.0.0.1:8545`. */
  rpcUrl: string;
  /** WebSocket JSON-RPC URL on the same port. */
  wsUrl: string;
  host: string;
  port: number;
  /**
   * The viem chain, with `rpcUrls` pointing at this devnet and `blockTime` the mode it mines in
   * now: 0 while it mines a block per transaction (viem clients made from it then cache no block
   * number), the block time (in ms, as viem counts) once it mines at it.
   */
  chain: Chain;
  /** The prefunded accounts, index 0 first (derived on first read). */
  accounts: readonly DerivedAccount[];
  /** anvil's process id (with the clock, anvil listens on a loopback port of its own; `port` is the devnet's). */
  pid: number;
  /** Seconds between blocks once running at its block time; 0: a block per transaction. */
  blockTime: number;
  /**
   * Switches a devnet started with `automineFirst` from mining each transaction at once to a
   * block every `blockTime` seconds; resolves once anvil confirmed it. Harmless when repeated, and
   * for a devnet started without `automineFirst` (it already mines at its block time).
   */
  useBlockTime(): Promise<void>;
  /**
   * Stops anvil with SIGINT (writing the state file, if any) and waits until it has exited.
   * Idempotent.
   */
  stop(): Promise<void>;
  /**
   * Faults on demand (`ChainFaults` from `@privnet/core`): `reorg`, `dropPool`, `restart`,
   * `stall`, `unreachable`, `feeSpike`, `recover`, `subscribe`. With `clock: false` (no relay in
   * front of anvil) `restart`, `unreachable` and `feeSpike` are refused (`FAULT_UNSUPPORTED`).
   * See docs/faults.md.
   *
   * @example
   * const { replaced, remined } = await devnet.faults.reorg({ depth: 3 });
   */
  faults: ChainFaults;
  /** `stop()`, for `await using devnet = await startDevnet(…)`. */
  [Symbol.asyncDispose](): Promise<void>;
};

const lastLines = 40;
const stopTimeoutMs = 15_000;

/**
 * Starts the embedded privnet chain: anvil with chain id 3151908, 2 s blocks, a 60M gas limit and
 * 21 prefunded accounts holding 1,000,000,000 ETH each, and waits until it answers JSON-RPC.
 *
 * anvil never outlives the process that started it, even when that process is killed.
 *
 * @example
 * import { startDevnet } from "@privnet/devnet";
 * const devnet = await startDevnet({ port: 0, blockTime: 0 });
 * console.log(devnet.rpcUrl);
 * await devnet.stop();
 */
export async function startDevnet(options: StartDevnetOptions = {}): Promise<Devnet> {
  const host = options.host ?? "127.0.0.1";
  const requestedPort = options.port ?? 8545;
  const blockTime = options.blockTime ?? 2;
  const mnemonic = options.mnemonic ?? SYSTEM_MNEMONIC;
  const accountCount = options.accounts ?? SYSTEM_ACCOUNT_COUNT;
  const balance = options.balance ?? SYSTEM_ACCOUNT_BALANCE;
  const statePath = options.statePath === undefined ? undefined : resolvePath(options.statePath);

  if (!Number.isInteger(requestedPort) || requestedPort < 0 || requestedPort > 65_535) {
    throw new DevnetStartError(`port must be an integer from 0 to 65535, got ${requestedPort}`, "");
  }
  if (!(blockTime >= 0) || !Number.isFinite(blockTime)) {
    throw new DevnetStartError(`blockTime must be 0 or a positive number of seconds, got ${blockTime}`, "");
  }
  const automineFirst = options.automineFirst === true && blockTime > 0;
  if (automineFirst && !Number.isInteger(blockTime)) {
    throw new DevnetStartError(
      `automineFirst needs a whole number of seconds for blockTime (anvil switches to interval mining in whole seconds), got ${blockTime}`,
      "",
    );
  }
  // Before anything is created or spawned: a taken port fails at once, with nothing to undo.
  if (requestedPort !== 0) await assertPortFree(host, requestedPort);
  if (statePath !== undefined) prepareStatePath(statePath);

  const binary = resolveAnvilBinary(options.binary);
  const withClock = options.clock !== false;
  const args = [
    "--host",
    withClock ? "127.0.0.1" : host,
    "--port",
    withClock ? "0" : String(requestedPort),
    "--chain-id",
    String(privnet.id),
    "--gas-limit",
    String(PRIVNET_GAS_LIMIT),
    "--accounts",
    String(accountCount),
    // anvil takes the balance in whole ETH.
    "--balance",
    (balance / 10n ** 18n).toString(),
    "--mnemonic",
    mnemonic,
  ];
  // With automineFirst anvil starts mining each transaction at once; useBlockTime() switches it.
  if (blockTime > 0 && !automineFirst) args.push("--block-time", String(blockTime));
  if (statePath !== undefined) args.push("--state", statePath, "--preserve-historical-states");

  const output: string[] = [];
  const onLine = (line: string) => {
    output.push(line);
    if (output.length > lastLines) output.shift();
    options.onLog?.(line);
  };
  /** Runs anvil and waits until it answers; `extraArgs` come after the devnet's own. */
  const launch = async (extraArgs: string[]) => {
    output.length = 0;
    const child = spawnSupervised(binary, [...args, ...extraArgs]);
    readLines(child.stdout, onLine);
    readLines(child.stderr, onLine);
    const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
    let port: number;
    try {
      port = await waitForListening(child, exited, output, options.startTimeout ?? 20_000);
    } catch (error) {
      await terminate(child, exited);
      throw classifyStartFailure(error, { host, port: requestedPort, statePath, output });
    }
    const url = `http://${withClock ? "127.0.0.1" : formatHost(host)}:${port}`;
    try {
      await waitForRpc(url, exited);
    } catch (error) {
      await terminate(child, exited);
      throw classifyStartFailure(error, { host, port: requestedPort, statePath, output });
    }
    return { child, exited, port, url, pid: anvilPid(output) ?? child.pid ?? -1 };
  };

  let anvil = await launch([]);
  let relay: ClockWorker | undefined;
  try {
    if (withClock)
      relay = await startClock(
        anvil.url,
        {
          host,
          port: requestedPort,
          anvilPort: anvil.port,
          blockTime,
          automineFirst,
        },
        { restart: (keepPool) => restart(keepPool) },
      );
  } catch (error) {
    await terminate(anvil.child, anvil.exited);
    if ((error as NodeJS.ErrnoException).code === "EADDRINUSE")
      throw new DevnetPortInUseError(host, requestedPort);
    throw classifyStartFailure(error, { host, port: requestedPort, statePath, output });
  }

  /**
   * `privnet_faults_restart`: anvil stops and starts again with the chain it had (its state file,
   * or its state dumped before it stops), on a new loopback port the relay turns to; the devnet's
   * port stays the relay's. The pool is lost, unless `keepPool`: its transactions are sent again.
   */
  let restarting: Promise<unknown> | undefined;
  async function restart(keepPool: boolean): Promise<unknown> {
    if (restarting || stopping)
      throw new DevnetFaultError("FAULT_IN_PROGRESS", "The devnet is restarting or stopping already.");
    restarting = (async () => {
      const before = faultRpc(anvil.url);
      const pool = await readPool(before);
      const mode = await miningMode(before);
      // With a state file anvil writes it as it stops and reads it as it starts; without one the
      // state is dumped now and loaded into the next anvil.
      const dump = statePath === undefined ? await before<string>("anvil_dumpState") : undefined;
      const downAt = performance.now();
      await terminate(anvil.child, anvil.exited);
      anvil = await launch([]);
      const after = faultRpc(anvil.url);
      if (dump !== undefined) await after("anvil_loadState", [dump]);
      const downMs = Math.round(performance.now() - downAt);
      await after("anvil_setBlockTimestampInterval", [timestampInterval(mode.automine ? 0 : mode.interval)]);
      await resumeMining(after, mode);
      await relay?.retarget(anvil.port);
      // Through the devnet's port, so that the clock sees them; one the node refuses stays out.
      if (keepPool)
        await faultRpc(rpcUrl).batchSettled(pool.map((tx) => ["eth_sendRawTransaction", [tx.raw]] as const));
      const head = await after<{ number: string; hash: string }>("eth_getBlockByNumber", ["latest", false]);
      return {
        keepPool,
        head: { number: head.number, hash: head.hash },
        pool: pool.map((tx) => tx.hash),
        downMs,
      };
    })();
    try {
      return await restarting;
    } finally {
      restarting = undefined;
    }
  }

  const publicPort = relay?.port ?? anvil.port;
  const rpcUrl = `http://${formatHost(host)}:${publicPort}`;
  const wsUrl = `ws://${formatHost(host)}:${publicPort}`;

  const faultsUrl = relay ? `http://127.0.0.1:${relay.faultsPort}` : rpcUrl;
  const faults = createDevnetFaults({ url: faultsUrl, relay: relay !== undefined });

  let accounts: DerivedAccount[] | undefined;
  let stopping: Promise<void> | undefined;
  const stop = () => {
    faults.dispose();
    stopping ??= (restarting ?? Promise.resolve())
      .catch(() => undefined)
      .then(() => relay?.close())
      .then(() => terminate(anvil.child, anvil.exited));
    return stopping;
  };
  const chainAt = (seconds: number): Chain => ({
    ...privnet,
    blockTime: seconds * 1000,
    rpcUrls: { default: { http: [rpcUrl], webSocket: [wsUrl] } },
  });
  let chain = chainAt(automineFirst ? 0 : blockTime);
  let switched: Promise<void> | undefined;
  const useBlockTime = () => {
    if (!automineFirst) return Promise.resolve();
    switched ??= setIntervalMining(rpcUrl, blockTime, withClock)
      .then(() => {
        chain = chainAt(blockTime);
      })
      .catch((error: unknown) => {
        switched = undefined; // a later call tries again
        throw error;
      });
    return switched;
  };

  const devnet: Devnet = {
    rpcUrl,
    wsUrl,
    host,
    port: publicPort,
    get chain() {
      return chain;
    },
    get accounts() {
      accounts ??= deriveAccounts(mnemonic, firstIndexes(accountCount));
      return accounts;
    },
    get pid() {
      return anvil.pid;
    },
    blockTime,
    useBlockTime,
    faults,
    stop,
    [Symbol.asyncDispose]: stop,
  };
  faultsUrls.set(devnet, faultsUrl);
  return devnet;
}

const faultsUrlsKey = Symbol.for("privnet.devnet.faultsUrls");
/**
 * Where each devnet answers its faults (the relay's faults port): for the test pool's workers. One
 * map for the whole process, like the pool itself: each Vitest project loads this module afresh,
 * and a project whose global setup finds the pool another project started must still find its
 * devnets' faults (a module-level map of its own would be empty, and its workers' faults relay-less).
 */
const faultsUrlsStore = globalThis as { [faultsUrlsKey]?: WeakMap<Devnet, string> };
faultsUrlsStore[faultsUrlsKey] ??= new WeakMap();
const faultsUrls: WeakMap<Devnet, string> = faultsUrlsStore[faultsUrlsKey];

/** The URL the faults of `devnet` are asked at, from another process (a Vitest worker). */
export function faultsUrlOf(devnet: Devnet): string | undefined {
  return faultsUrls.get(devnet);
}

/**
 * `evm_setIntervalMining`: anvil leaves automine and mines a block every `seconds`; with the
 * clock, each block's timestamp is then its parent's + the block time (sent through the clock,
 * which takes note of both).
 */
async function setIntervalMining(rpcUrl: string, seconds: number, withClock: boolean): Promise<void> {
  await anvilRequest(rpcUrl, "evm_setIntervalMining", [seconds]);
  if (withClock) await anvilRequest(rpcUrl, "anvil_setBlockTimestampInterval", [timestampInterval(seconds)]);
}

/**
 * Seconds each block adds to its parent's timestamp: 1 automining, the block time (whole seconds,
 * at least 1) otherwise. Blocks are then strictly increasing, and what `eth_estimateGas` and
 * `eth_call` see is the timestamp the next block gets; the clock keeps the chain from falling
 * behind the wall clock.
 */
function timestampInterval(blockTime: number): number {
  return Math.max(1, Math.floor(blockTime));
}

/** Starts the clock relay on the devnet's port, in front of anvil on its own, on a thread of its own. */
async function startClock(
  anvilUrl: string,
  options: { host: string; port: number; anvilPort: number; blockTime: number; automineFirst: boolean },
  owner: ClockWorkerOwner,
): Promise<ClockWorker> {
  const automine = options.blockTime === 0 || options.automineFirst;
  const interval = timestampInterval(automine ? 0 : options.blockTime);
  await anvilRequest(anvilUrl, "anvil_setBlockTimestampInterval", [interval]);
  return startClockWorker(
    {
      host: options.host,
      port: options.port,
      anvilPort: options.anvilPort,
      interval,
      automine,
    },
    owner,
  );
}

async function anvilRequest<T>(rpcUrl: string, method: string, params: unknown[]): Promise<T> {
  const response = await fetch(rpcUrl, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
  });
  const body = (await response.json()) as { result?: T; error?: { message?: string } };
  if (body.error) {
    throw new DevnetStartError(`anvil refused ${method}: ${body.error.message ?? "no reason given"}`, "");
  }
  return body.result as T;
}

/**
 * anvil reports a taken port only once it runs, and its message is its own; a probe on the same
 * interface answers first. Only "in use" is decided here: anything else the probe meets (a host
 * Node cannot resolve, a port it may not bind) is left for anvil to report in its own words.
 */
async function assertPortFree(host: string, port: number): Promise<void> {
  const probe = createServer();
  const inUse = await new Promise<boolean>((resolve) => {
    probe.once("error", (error: NodeJS.ErrnoException) => resolve(error.code === "EADDRINUSE"));
    probe.listen({ host, port, exclusive: true }, () => {
      probe.close(() => resolve(false));
    });
  });
  if (inUse) throw new DevnetPortInUseError(host, port);
}

/** The state file may be missing (it is written on stop), but its folder must exist. */
function prepareStatePath(statePath: string): void {
  mkdirSync(dirname(statePath), { recursive: true });
  try {
    const stat = statSync(statePath);
    if (!stat.isFile()) {
      throw new DevnetStateInvalidError(statePath, "(the path exists but is not a regular file)");
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return; // created on stop
    throw error;
  }
}

function spawnSupervised(binary: string, args: string[]): ChildProcess {
  if (process.platform === "win32") {
    // No POSIX shell: anvil runs directly. It is stopped on stop(), but not if we are killed.
    return spawn(binary, args, { stdio: ["ignore", "pipe", "pipe"], windowsHide: true });
  }
  // detached: its own process group, so a Ctrl-C in the terminal reaches us, not anvil; we then
  // stop anvil cleanly (and the state is written) instead of it dying mid-write.
  const child = spawn("/bin/sh", ["-c", supervisorScript, "privnet-devnet", binary, ...args], {
    stdio: ["pipe", "pipe", "pipe"],
    detached: true,
  });
  // The supervisor must not keep our event loop alive, but its pipes must stay open.
  child.unref();
  return child;
}

function readLines(stream: NodeJS.ReadableStream | null, onLine: (line: string) => void): void {
  if (!stream) return;
  let buffered = "";
  stream.setEncoding("utf8");
  stream.on("data", (chunk: string) => {
    buffered += chunk;
    let newline = buffered.indexOf("\n");
    while (newline !== -1) {
      onLine(buffered.slice(0, newline).trimEnd());
      buffered = buffered.slice(newline + 1);
      newline = buffered.indexOf("\n");
    }
  });
  stream.on("end", () => {
    if (buffered) onLine(buffered.trimEnd());
  });
  // Pipes must not hold the event loop open once anvil runs in the background of a CLI.
  (stream as unknown as { unref?: () => void }).unref?.();
}

function waitForListening(
  child: ChildProcess,
  exited: Promise<number | null>,
  output: string[],
  timeoutMs: number,
): Promise<number> {
  return new Promise((resolve, reject) => {
    const pattern = /Listening on .*:(\d+)\s*$/;
    const check = () => {
      for (const line of output) {
        const match = pattern.exec(line);
        if (match) return finish(() => resolve(Number(match[1])));
      }
    };
    const onData = () => setImmediate(check);
    const timer = setTimeout(
      () => finish(() => reject(new Error(`no answer within ${timeoutMs} ms`))),
      timeoutMs,
    );
    const finish = (settle: () => void) => {
      clearTimeout(timer);
      child.stdout?.off("data", onData);
      settle();
    };
    child.stdout?.on("data", onData);
    child.once("error", (error) => finish(() => reject(error)));
    // `exited` never rejects: nothing to handle but the exit itself.
    void exited.then((code) => finish(() => reject(new AnvilExitedError(code))));
    check();
  });
}

async function waitForRpc(rpcUrl: string, exited: Promise<number | null>): Promise<void> {
  let dead: number | null | undefined;
  void exited.then((code) => {
    dead = code;
  });
  for (let attempt = 0; attempt < 100; attempt++) {
    if (dead !== undefined) throw new AnvilExitedError(dead);
    try {
      const response = await fetch(rpcUrl, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "eth_chainId", params: [] }),
      });
      const body = (await response.json()) as { result?: string };
      if (body.result === `0x${privnet.id.toString(16)}`) return;
      throw new Error(`eth_chainId answered ${JSON.stringify(body)}`);
    } catch (error) {
      if (attempt === 99) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

class AnvilExitedError extends Error {
  constructor(readonly code: number | null) {
    super(`anvil exited with code ${code}`);
  }
}

function classifyStartFailure(
  error: unknown,
  context: { host: string; port: number; statePath: string | undefined; output: string[] },
): Error {
  const text = context.output.filter((line) => !line.startsWith("privnet-devnet:")).join("\n");
  if (/address already in use/i.test(text)) {
    return new DevnetPortInUseError(context.host, context.port, text);
  }
  if (context.statePath !== undefined && /--state|load-state|state file/i.test(text)) {
    return new DevnetStateInvalidError(context.statePath, text);
  }
  const reason = error instanceof Error ? error.message : String(error);
  return new DevnetStartError(reason, text, error);
}

/** Ends the supervisor's stdin (anvil gets SIGINT), then escalates to SIGKILL if it hangs. */
async function terminate(child: ChildProcess, exited: Promise<number | null>): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  if (process.platform === "win32") child.kill("SIGINT");
  else child.stdin?.end();
  const timer = setTimeout(() => {
    try {
      if (child.pid) process.kill(-child.pid, "SIGKILL");
    } catch {
      // already gone
    }
  }, stopTimeoutMs);
  await exited;
  clearTimeout(timer);
}

function anvilPid(output: string[]): number | undefined {
  for (const line of output) {
    const match = /^privnet-devnet: anvil pid (\d+)$/.exec(line);
    if (match) return Number(match[1]);
  }
  return undefined;
}

function formatHost(host: string): string {
  if (host === "0.0.0.0") return "127.0.0.1";
  if (host === "::") return "[::1]";
  return host.includes(":") ? `[${host}]` : host;
}

#!/usr/bin/env node
import { parseArgs } from "node:util";
import { isPrivnetError } from "@privnet/core";
import { createPublicClient, formatEther, http } from "viem";
import { type StartDevnetOptions, startDevnet } from "../anvil/startDevnet.js";

const usage = `privnet-devnet — run the embedded privnet chain (anvil, chain id 3151908)

Usage: privnet-devnet [options]

Options:
  --port <n>         port to listen on, 0 for a free one (default 8545)
  --host <ip>        interface to bind (default 127.0.0.1)
  --block-time <s>   seconds between blocks, 0 for one block per transaction (default 2)
  --state <file>     load chain state from <file> if it exists; write it on exit and every
                     --state-interval seconds, atomically (a kill leaves the last write)
  --state-interval <s> seconds between state writes while it runs (default 30; 0: on exit only)
  --state-window <n> blocks of historical state kept (default 128): state reads (eth_call,
                     balances, traces) at older blocks fail; blocks, receipts and logs stay
  --block-window <n> with --state: blocks whose transactions anvil keeps (default 64); older
                     ones answer from the chain archive beside the state file
  --node-memory-limit <MB> restart anvil (chain and pool kept) once it holds more than this
                     (default 1536; 0: off); anvil keeps what it dropped until it restarts
  --mnemonic <words> mnemonic of the prefunded accounts (default: Kurtosis default)
  --anvil <path>     anvil binary to run (default: the one from @foundry-rs/anvil)
  -h, --help         show this help

Stop with Ctrl-C: the chain state is written to --state before exit.`;

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: "string" },
      host: { type: "string" },
      "block-time": { type: "string" },
      state: { type: "string" },
      "state-window": { type: "string" },
      "block-window": { type: "string" },
      "state-interval": { type: "string" },
      "node-memory-limit": { type: "string" },
      mnemonic: { type: "string" },
      anvil: { type: "string" },
      help: { type: "boolean", short: "h" },
    },
    strict: true,
  });
  if (values.help) {
    console.log(usage);
    return;
  }
  const options: StartDevnetOptions = {};
  if (values.port !== undefined) options.port = parseNumber("--port", values.port);
  if (values.host !== undefined) options.host = values.host;
  if (values["block-time"] !== undefined) {
    options.blockTime = parseNumber("--block-time", values["block-time"]);
  }
  if (values.state !== undefined) options.statePath = values.state;
  if (values["state-window"] !== undefined) {
    options.stateWindow = parseNumber("--state-window", values["state-window"]);
  }
  if (values["block-window"] !== undefined) {
    options.blockWindow = parseNumber("--block-window", values["block-window"]);
  }
  if (values["state-interval"] !== undefined) {
    options.stateInterval = parseNumber("--state-interval", values["state-interval"]);
  }
  if (values["node-memory-limit"] !== undefined) {
    options.nodeMemoryLimit = parseNumber("--node-memory-limit", values["node-memory-limit"]);
  }
  // The devnet's own lines about anvil's memory (anvil's output stays quiet).
  options.onLog = (line) => {
    if (/^privnet-devnet: (anvil held \d|the node memory limit)/.test(line)) console.log(line);
  };
  if (values.mnemonic !== undefined) options.mnemonic = values.mnemonic;
  if (values.anvil !== undefined) options.binary = values.anvil;

  const devnet = await startDevnet(options);
  const [first] = devnet.accounts;
  const client = createPublicClient({ chain: devnet.chain, transport: http(devnet.rpcUrl) });
  console.log(`privnet devnet running (anvil pid ${devnet.pid})
  RPC URL     ${devnet.rpcUrl}
  WebSocket   ${devnet.wsUrl}
  chain id    ${devnet.chain.id}
  accounts    ${devnet.accounts.length} prefunded with ${
    first ? formatEther(await client.getBalance({ address: first.address })) : 0
  } ETH each (first: ${first?.address})
  state       ${options.statePath ?? "(in memory)"}
Press Ctrl-C to stop.`);

  const stop = async (signal: string) => {
    // Once: the signal relayed by a wrapper (pnpm, tsx) or a second Ctrl-C finds it stopping.
    if (devnet.status !== "started") return;
    console.log(`\n${signal}: stopping the devnet${options.statePath ? " and writing its state" : ""}…`);
    await devnet.stop();
    process.exit(0);
  };
  process.on("SIGINT", () => void stop("SIGINT"));
  process.on("SIGTERM", () => void stop("SIGTERM"));
  // Keep running until a signal arrives (the devnet's own handles are unref'd).
  setInterval(() => {}, 1 << 30);
}

function parseNumber(flag: string, text: string): number {
  const value = Number(text);
  if (text.trim() === "" || !Number.isFinite(value)) {
    throw new UsageError(`${flag} expects a number, got "${text}".`);
  }
  return value;
}

class UsageError extends Error {}

main().catch((error: unknown) => {
  // parseArgs's own refusals (an unknown option, a value missing or starting with a dash, a
  // positional argument) are usage errors too.
  if (
    error instanceof UsageError ||
    (error instanceof Error &&
      "code" in error &&
      typeof error.code === "string" &&
      error.code.startsWith("ERR_PARSE_ARGS_"))
  ) {
    console.error(`privnet-devnet: ${error.message}\n\n${usage}`);
    process.exit(2);
  }
  if (isPrivnetError(error)) {
    console.error(`privnet-devnet: ${error.message}`);
    process.exit(1);
  }
  console.error(error);
  process.exit(1);
});

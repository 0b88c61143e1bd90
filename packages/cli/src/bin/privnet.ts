#!/usr/bin/env node
import { parseArgs } from "node:util";
import { simulate } from "../commands/simulate.js";
import { status } from "../commands/status.js";
import { tlsTrust } from "../commands/tlsTrust.js";
import { traffic } from "../commands/traffic.js";
import { tx } from "../commands/tx.js";
import { describeError, up } from "../commands/up.js";
import { ENVIRONMENT_VARIABLES } from "../config/resolveSettings.js";
import { UsageError } from "../config/UsageError.js";

const help = `privnet — a private proof-of-stake Ethereum test chain with its servers

Usage:
  privnet up [options]       start the devnet, storage, contracts and the admin API; Ctrl-C stops all
  privnet status [options]   check that a running stack's admin API and chain answer
  privnet traffic export [options]         a running stack's traffic document (YAML)
  privnet traffic import <file> [options]  apply a traffic document (YAML or JSON) to a running stack
  privnet tx <hash> [options]              a transaction decoded by a running stack's explorer
  privnet simulate [<file>] [options]      simulate a call (flags) or a bundle (JSON file), explained
  privnet tls trust [options]              the stack's TLS certificate, its fingerprint, and how to trust it
  privnet --help             show this help

Options of "up":
  --port <n>           admin API port (default 3000; 0 picks a free one)
  --host <ip>          interface the admin and oracle APIs bind (default 127.0.0.1;
                       beyond loopback needs PRIVNET_ADMIN_TOKEN and PRIVNET_ORACLE_TOKEN)
  --rpc-url <url>      use this chain instead of starting the embedded devnet
  --fork-url <url>     start the embedded devnet as a fork of this chain (any JSON-RPC URL: a
                       privnet, a public network): its contracts and balances at the fork block,
                       privnet's chain id 3151908, the system wallets funded (docs/forks.md)
  --fork-block <n>     the block to fork at (default: the chain's head when first started; a
                       restart with the same data dir forks the same block again)
  --storage <where>    postgres://…, memory, or a sqlite file (default <data-dir>/privnet.db)
  --data-dir <dir>     where the chain state and the sqlite database live (default .privnet)
  --chain-port <n>     embedded devnet port (default 8545; 0 picks a free one)
  --chain-host <addr>  interface the embedded devnet's port binds (default: the admin API's --host)
  --block-time <s>     embedded devnet seconds between blocks (default 2; 0: a block per transaction)
  --state-window <n>   blocks of historical state the embedded devnet keeps (default 128): older
                       blocks, transactions and logs stay; eth_call and traces there do not
  --block-window <n>   blocks whose transactions the embedded devnet's node keeps in memory
                       (default 64); older ones answer from the chain archive in --data-dir
  --state-interval <s> seconds between the embedded devnet's state writes (default 30; 0: at
                       stop only): the most a crash loses, sent again on the next start
  --node-memory-limit <MB> the embedded devnet restarts its node, chain and pool kept, once it
                       holds more than this (default 1536; 0: off): anvil keeps what it dropped
  --bot-retention <n>  the bots' records the history keeps (default 1000000; "off": all): older
                       settled ones are deleted as blocks come; the wallets' own sends always stay
  --oracle-port <n>    oracle API port (default 3004; 0 picks a free one)
  --log-format <f>     request logs: pretty or json (default: pretty on a terminal, else json)
  --allowed-hosts <l>  comma-separated Host names both APIs answer to besides localhost, 127.0.0.1,
                       [::1] and their own address ("*": any)
  --cors-origins <l>   comma-separated origins whose web pages may call both APIs ("*": any)
  --traffic <file>     a traffic document (YAML or JSON) to start once up; checked whole first:
                       an invalid one lists every problem by path and nothing starts
  --artifacts <dir>    a build's artifacts (Hardhat 3 artifacts/, Foundry out/, solc standard-JSON
                       outputs): contracts whose code matches are named and decoded; reloaded on a
                       rebuild. Repeatable; adds to the config's "artifacts"
  --tls self-signed    HTTPS and WSS on every port (admin API and panel, oracle API, chain), nothing
                       in clear text, with a key and certificate made once in <data-dir>/tls/ and
                       reused; its SHA-256 fingerprint is printed at start
  --tls-cert <pem>     serve TLS with this certificate (and chain) instead; needs --tls-key
  --tls-key <pem>      the certificate's private key (unencrypted PEM)
  --tls-names <l>      comma-separated host names or addresses the self-signed certificate covers too
                       (always: localhost, 127.0.0.1, ::1, this machine's name, the bound hosts)
  --config <file>      config file (default: privnet.config.ts in the working directory, if any)

Options of "status":
  --url <url>          admin API base URL (default from the config: http://127.0.0.1:3000)
  --rpc-url <url>      chain JSON-RPC URL (default from the config: http://127.0.0.1:8545)
  --config <file>      config file

Options of "traffic":
  --url <url>          admin API base URL (default from the config: http://127.0.0.1:3000)
  --format <f>         export: yaml (default) or json
  --out <file>         export: write it there instead of to stdout
  --config <file>      config file (its admin token is sent)

Options of "tls trust" (the certificate "up" serves with the same settings; made if missing):
  --data-dir, --tls, --tls-cert, --tls-key, --tls-names, --config   as for "up"

Options of "tx":
  --url <url>          admin API base URL (default from the config: http://127.0.0.1:3000)
  --json               print the API's answer as JSON
  --config <file>      config file (its admin token is sent)

Options of "simulate" (a <file> holds the body of POST /chain/simulate: calls, overrides, …):
  --from <address>     the sender (any address: no key needed)
  --to <address>       the contract or account called (left out: a deployment of --data)
  --function <name>    a function of the ABI the explorer knows for --to, with --args
  --args <json>        its arguments as a JSON array, e.g. '["0x…", "100"]'
  --data <hex>         raw calldata instead of --function
  --value <eth>        ETH sent, decimal
  --block <n>          the block whose state it starts from (default: the head)
  --save               keep it and print its link (GET /chain/simulations/:id)
  --json               print the API's answer as JSON
  --url <url>          admin API base URL (default from the config: http://127.0.0.1:3000)
  --config <file>      config file (its admin token is sent)

Every port is bound before anything slow starts: a taken one stops "up" at once, naming it.

Environment (overrides privnet.config.ts; flags override both):
${Object.entries(ENVIRONMENT_VARIABLES)
  .map(([name, field]) => `  ${name.padEnd(22)} ${field}`)
  .join("\n")}

Docs: docs/cli.md and docs/admin-api.md.`;

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (command === undefined || command === "--help" || command === "-h" || command === "help") {
    process.stdout.write(`${help}\n`);
    return command === undefined ? 2 : 0;
  }
  if (command === "up") {
    const { values } = parseArgs({
      args: rest,
      options: {
        port: { type: "string" },
        host: { type: "string" },
        "rpc-url": { type: "string" },
        "fork-url": { type: "string" },
        "fork-block": { type: "string" },
        storage: { type: "string" },
        "data-dir": { type: "string" },
        "chain-port": { type: "string" },
        "chain-host": { type: "string" },
        "block-time": { type: "string" },
        "state-window": { type: "string" },
        "block-window": { type: "string" },
        "state-interval": { type: "string" },
        "node-memory-limit": { type: "string" },
        "bot-retention": { type: "string" },
        "oracle-port": { type: "string" },
        "log-format": { type: "string" },
        "allowed-hosts": { type: "string" },
        "cors-origins": { type: "string" },
        tls: { type: "string" },
        "tls-cert": { type: "string" },
        "tls-key": { type: "string" },
        "tls-names": { type: "string" },
        traffic: { type: "string" },
        artifacts: { type: "string", multiple: true },
        config: { type: "string" },
        help: { type: "boolean", short: "h" },
      },
      strict: true,
    });
    if (values.help) {
      process.stdout.write(`${help}\n`);
      return 0;
    }
    return up({ flags: values, cwd: process.cwd(), env: process.env });
  }
  if (command === "status") {
    const { values } = parseArgs({
      args: rest,
      options: {
        url: { type: "string" },
        "rpc-url": { type: "string" },
        config: { type: "string" },
        help: { type: "boolean", short: "h" },
      },
      strict: true,
    });
    if (values.help) {
      process.stdout.write(`${help}\n`);
      return 0;
    }
    return status({ flags: values, cwd: process.cwd(), env: process.env });
  }
  if (command === "tx") {
    const { values, positionals } = parseArgs({
      args: rest,
      options: {
        url: { type: "string" },
        json: { type: "boolean" },
        config: { type: "string" },
        help: { type: "boolean", short: "h" },
      },
      allowPositionals: true,
      strict: true,
    });
    if (values.help) {
      process.stdout.write(`${help}\n`);
      return 0;
    }
    return tx({ hash: positionals[0], flags: values, cwd: process.cwd(), env: process.env });
  }
  if (command === "simulate") return simulateCommand(rest);
  if (command === "tls") return tlsCommand(rest);
  if (command === "traffic") {
    const { values, positionals } = parseArgs({
      args: rest,
      options: {
        url: { type: "string" },
        format: { type: "string" },
        out: { type: "string" },
        config: { type: "string" },
        help: { type: "boolean", short: "h" },
      },
      allowPositionals: true,
      strict: true,
    });
    if (values.help) {
      process.stdout.write(`${help}\n`);
      return 0;
    }
    const [action, file, ...extra] = positionals;
    if (extra.length > 0) throw new UsageError(`privnet traffic: unexpected ${extra.join(" ")}.`);
    return traffic({ action, file, flags: values, cwd: process.cwd(), env: process.env });
  }
  throw new UsageError(`Unknown command "${command}".`);
}

/** `privnet simulate [<file>] [options]`. */
async function simulateCommand(rest: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: rest,
    options: {
      from: { type: "string" },
      to: { type: "string" },
      function: { type: "string" },
      args: { type: "string" },
      data: { type: "string" },
      value: { type: "string" },
      block: { type: "string" },
      save: { type: "boolean" },
      json: { type: "boolean" },
      url: { type: "string" },
      config: { type: "string" },
      help: { type: "boolean", short: "h" },
    },
    allowPositionals: true,
    strict: true,
  });
  if (values.help) {
    process.stdout.write(`${help}\n`);
    return 0;
  }
  if (positionals.length > 1)
    throw new UsageError(`privnet simulate: unexpected ${positionals.slice(1).join(" ")}.`);
  return simulate({ file: positionals[0], flags: values, cwd: process.cwd(), env: process.env });
}

/** `privnet tls trust [options]`. */
async function tlsCommand(rest: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: rest,
    options: {
      "data-dir": { type: "string" },
      tls: { type: "string" },
      "tls-cert": { type: "string" },
      "tls-key": { type: "string" },
      "tls-names": { type: "string" },
      config: { type: "string" },
      help: { type: "boolean", short: "h" },
    },
    allowPositionals: true,
    strict: true,
  });
  if (values.help) {
    process.stdout.write(`${help}\n`);
    return 0;
  }
  if (positionals.join(" ") !== "trust") {
    throw new UsageError(`privnet tls: "trust" is its one command, got "${positionals.join(" ")}".`);
  }
  return tlsTrust({ flags: values, cwd: process.cwd(), env: process.env });
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    const usage =
      error instanceof UsageError ||
      (error instanceof Error && "code" in error && String(error.code).startsWith("ERR_PARSE_ARGS"));
    process.stderr.write(
      `privnet: ${describeError(error)}${usage ? '\nRun "privnet --help" for usage.' : ""}\n`,
    );
    process.exit(usage ? 2 : 1);
  },
);

import { z } from "zod";

const port = z.int().min(0).max(65_535);

/**
 * The schema of `privnet.config.ts`. Every field is optional; the defaults are those of `privnet
 * up` without a config. Unknown top-level sections are refused (a typo should not be silently
 * ignored); inside `oracle` and `bots`, the fields the platform reads are checked by the platform.
 */
export const privnetConfigSchema = z.strictObject({
  /** Where the chain state and the sqlite database live. Default: ".privnet" (relative to the working directory). */
  dataDir: z.string().min(1).optional(),
  chain: z
    .strictObject({
      /** Use this JSON-RPC URL instead of starting the embedded devnet. */
      rpcUrl: z.url({ protocol: /^(http|https|ws|wss)$/ }).optional(),
      /**
       * Fork this chain: the embedded devnet starts from its state (at `forkBlock`) instead of
       * genesis, with privnet's chain id and funded system wallets. See docs/forks.md.
       */
      forkUrl: z.url({ protocol: /^(http|https)$/ }).optional(),
      /** The block of `forkUrl`'s chain to fork at: at most its head. Default: its head. */
      forkBlock: z.int().nonnegative().optional(),
      /** Port of the embedded devnet. Default 8545; 0 picks a free one. */
      port: port.optional(),
      /** Interface the embedded devnet binds. Default: admin.host (127.0.0.1). */
      host: z.string().min(1).optional(),
      /** Seconds between blocks of the embedded devnet; 0 mines one block per transaction. Default 2. */
      blockTime: z.number().min(0).optional(),
      /** The embedded devnet's state file. Default: `<dataDir>/chain-state.json`. */
      statePath: z.string().min(1).optional(),
      /**
       * The embedded devnet's port's limits (docs/team-chain.md); each has a default. Admin methods
       * there need admin.token once it is set; the port answers the Host names of
       * admin.allowedHosts and the pages of admin.corsOrigins (none listed: any page).
       */
      limits: z
        .strictObject({
          /** Calls in one JSON-RPC batch. Default 100. */
          maxBatch: z.int().positive().optional(),
          /** Bytes of one request's body. Default 5 MiB (5242880). */
          maxBodyBytes: z.int().positive().optional(),
          /** Blocks one eth_getLogs may span (both ends numbers). Default 10,000. */
          maxLogsRange: z.int().positive().optional(),
          /** Subscriptions on one WebSocket connection. Default 100. */
          maxSubscriptions: z.int().positive().optional(),
          /** Requests a second from one client address (privnet's own are never limited). Default 500. */
          ratePerSecond: z.number().positive().optional(),
          /** Requests one address may send at once before the rate applies. Default 1,000. */
          rateBurst: z.int().positive().optional(),
        })
        .optional(),
      /**
       * Blocks of historical state the embedded devnet keeps: older blocks, transactions, receipts
       * and logs stay, but state reads there (eth_call, balances, traces) fail. Default 128 (see
       * docs/operations.md).
       */
      stateWindow: z.int().min(1).optional(),
      /**
       * Blocks whose transactions and receipts the embedded devnet's node keeps in memory: older
       * blocks, transactions, receipts and logs are answered on the chain port from the chain
       * archive beside the state file (`chain-state.archive.db`), as the node answered them.
       * Default 64 (see docs/operations.md).
       */
      blockWindow: z.int().min(4).optional(),
      /**
       * Seconds between two writes of the chain state file while the embedded devnet runs (each
       * atomic): the most a crash or a `kill -9` can lose, which the next start sends again. 0:
       * written at stop only. Default 30 (see docs/operations.md).
       */
      stateInterval: z.number().min(0).optional(),
      /**
       * MB of resident memory above which the embedded devnet restarts its node with the chain and
       * the pool (the `restart` fault, in the fault log): anvil 1.7.1 keeps what it dropped until it
       * restarts. At most one restart a minute. 0: off. Default 1536 (see docs/operations.md).
       */
      nodeMemoryLimit: z.int().min(0).optional(),
      /**
       * Write the window's historical states into the state file, so that state reads at its
       * blocks work after a restart (a larger file and a slower start). Default false.
       */
      preserveHistoricalStates: z.boolean().optional(),
    })
    .optional(),
  /**
   * Where wallets, history and state are kept: `postgres://…` (or `postgresql://…`), `memory`, or
   * a sqlite file path (optionally `sqlite:<path>`). Default: `<dataDir>/privnet.db`.
   */
  storage: z.string().min(1).optional(),
  /**
   * TLS on every port privnet serves (the admin API and panel, the oracle API, the embedded
   * chain's port: HTTPS and WSS, nothing in clear text): `"self-signed"` makes a key and
   * certificate once in `<dataDir>/tls/` and reuses them (`{ selfSigned: true, names }` adds host
   * names or addresses to it), or `{ cert, key }` names PEM files (relative to the working
   * directory). Default: none (clear text). See docs/security.md, "TLS".
   */
  tls: z
    .union([
      z.literal("self-signed"),
      z.strictObject({ cert: z.string().min(1), key: z.string().min(1) }),
      z.strictObject({ selfSigned: z.literal(true), names: z.array(z.string().min(1)).optional() }),
    ])
    .optional(),
  /** Encrypt stored private keys at rest with this passphrase. Default: none. */
  encryptionPassphrase: z.string().min(1).optional(),
  /**
   * How `privnet up` prints its request logs: "pretty" (one readable line per request) or "json"
   * (one pino JSON object per line). Default: pretty on a terminal, json when the output is piped.
   */
  logFormat: z.enum(["pretty", "json"]).optional(),
  admin: z
    .strictObject({
      /** Default 3000; 0 picks a free one. */
      port: port.optional(),
      /** Default 127.0.0.1: only this machine can connect. */
      host: z.string().min(1).optional(),
      /** Bearer token every route but /health then needs. Default: none. */
      token: z.string().min(1).optional(),
      /**
       * Origins whose web pages may call the API ("*": any): CORS headers, and their POSTs and
       * DELETEs pass. Default: none (same-origin pages, such as the panel, always pass).
       */
      corsOrigins: z.array(z.string().min(1)).optional(),
      /**
       * Host names the API answers to besides localhost, 127.0.0.1, [::1] and its own address
       * ("*": any). Default: none. See docs/security.md.
       */
      allowedHosts: z.array(z.string().min(1)).optional(),
      /** Largest JSON body: bytes or "100kb". Default "100kb". */
      bodyLimit: z.union([z.int().positive(), z.string().min(1)]).optional(),
    })
    .optional(),
  contracts: z
    .strictObject({
      /**
       * Deploy (or reuse) the platform contracts on start. Default true. They are owned by their
       * own key (m/44'/60'/0'/0/22), funded from prefunded account 20 through the nonce manager.
       */
      deploy: z.boolean().optional(),
    })
    .optional(),
  /**
   * The oracle server and its price simulator. `port`, `host` and `enabled` are the server's; every
   * other field is a simulator option (interval, seed, model, tokens, deviation…, see docs/oracle.md),
   * checked by the platform when it starts.
   */
  oracle: z
    .looseObject({
      /** Run the oracle server and its push loop. Default: true when contracts are deployed. */
      enabled: z.boolean().optional(),
      /** Default 3004; 0 picks a free one. */
      port: port.optional(),
      /** Default: the admin API's host. */
      host: z.string().min(1).optional(),
      /** Bearer token every oracle route but /health then needs. Default: none. */
      token: z.string().min(1).optional(),
      /** Default: the admin API's corsOrigins. */
      corsOrigins: z.array(z.string().min(1)).optional(),
      /** Default: the admin API's allowedHosts. */
      allowedHosts: z.array(z.string().min(1)).optional(),
    })
    .optional(),
  /**
   * The bots: each scenario's settings (`transfer`, `erc20`, `gas-burner`, …), `custom` bots made
   * with `defineBot`, `catalogues` (default: the sixteen of `@privnet/scenarios`), funding (see
   * docs/bots.md). Checked by the platform when it starts; environment variables (TRANSFER_*,
   * ERC20_*, NFT_*, GAS_BURNER_*, …) override them.
   */
  bots: z.looseObject({}).optional(),
  /** The transaction history. */
  history: z
    .strictObject({
      /**
       * The bots' records kept: the newest this many, all bots together; older settled ones are
       * deleted as blocks come (the wallets' own sends, the oracle's and the platform's are always
       * kept). `false` keeps every record. Default 1,000,000. See docs/operations.md.
       */
      botRetention: z.union([z.int().nonnegative(), z.literal(false)]).optional(),
    })
    .optional(),
  /**
   * The explorer's index of every block and transaction (default: on). `false` turns it off — its
   * routes then answer 503 and the chain can be loaded at the sender's full rate (the index reads
   * every block in full: see docs/performance.md); an object sets its options (`retention`, …:
   * see docs/explorer.md), checked by the platform when it starts.
   */
  explorer: z.union([z.boolean(), z.looseObject({})]).optional(),
  /**
   * Build artifact folders — a Hardhat 3 `artifacts/`, a Foundry `out/`, solc standard-JSON
   * outputs — relative to the working directory. The explorer names and decodes every contract
   * whose code matches one, and reads a folder again when it is rebuilt (see docs/explorer.md).
   * `--artifacts` adds more.
   */
  artifacts: z.array(z.string().min(1)).optional(),
  /**
   * The traffic to start at boot: a traffic document (see docs/bots.md, "Controls and traffic
   * documents") inline, or the path of a YAML or JSON file holding one (relative to the working
   * directory). Checked whole before anything starts; `--traffic` overrides it.
   */
  traffic: z.union([z.string().min(1), z.looseObject({})]).optional(),
});

export type PrivnetConfig = z.input<typeof privnetConfigSchema>;

/**
 * Types a `privnet.config.ts`. Returns the config unchanged; `privnet up` validates it.
 *
 * @example
 * // privnet.config.ts
 * import { defineConfig } from "@privnet/cli";
 * export default defineConfig({ admin: { port: 3100 }, chain: { blockTime: 1 } });
 */
export function defineConfig(config: PrivnetConfig): PrivnetConfig {
  return config;
}

import { isAbsolute, resolve } from "node:path";
import {
  type BotCatalogue,
  type BotsOptions,
  DEFAULT_BOT_RETENTION,
  type ExplorerOptions,
  type OracleOptions,
} from "@privnet/core";
import {
  type ChainLimits,
  DEFAULT_BLOCK_WINDOW,
  DEFAULT_CHAIN_LIMITS,
  DEFAULT_NODE_MEMORY_LIMIT,
  DEFAULT_STATE_INTERVAL,
  DEFAULT_STATE_WINDOW,
} from "@privnet/devnet";
import type { PrivnetConfig } from "./defineConfig.js";
import { privnetConfigSchema } from "./defineConfig.js";
import { refusePublicBindsWithoutTokens } from "./publicBinds.js";
import { decimal, integer, list, oneOf } from "./settingValues.js";
import { resolveTlsSetting, type TlsFlags, type TlsSetting, tlsOverride } from "./tlsSetting.js";
import { UsageError } from "./UsageError.js";

/** How request logs are printed: readable lines, or one pino JSON object per line. */
export type LogFormat = "pretty" | "json";

export type StorageSetting =
  | { kind: "sqlite"; path: string }
  | { kind: "postgres"; connectionString: string }
  | { kind: "memory" };

/** Everything `privnet up` needs, with every default filled in. */
export type StackSettings = {
  /** Absolute. */
  dataDir: string;
  chain: {
    /** Set: use this chain; unset: start the embedded devnet. */
    rpcUrl: string | undefined;
    /** The embedded devnet forks this chain (at `forkBlock`, default its head). */
    forkUrl: string | undefined;
    forkBlock: number | undefined;
    port: number;
    host: string;
    blockTime: number;
    /** Absolute. */
    statePath: string;
    /** The embedded devnet's port's limits. */
    limits: ChainLimits;
    /** Blocks of historical state the embedded devnet keeps. */
    stateWindow: number;
    /** Blocks whose transactions anvil keeps in memory; older ones are answered from the chain archive. */
    blockWindow: number;
    /** Seconds between the embedded devnet's periodic state writes (0: at stop only). */
    stateInterval: number;
    /** The window's states written into the state file too. */
    preserveHistoricalStates: boolean;
    /** MB of resident memory above which the embedded devnet restarts anvil (0: never). */
    nodeMemoryLimit: number;
  };
  storage: StorageSetting;
  /** TLS on every port (HTTPS and WSS); undefined: clear text. Loaded by `loadTls`. */
  tls: TlsSetting | undefined;
  encryptionPassphrase: string | undefined;
  admin: {
    port: number;
    host: string;
    token: string | undefined;
    corsOrigins: string[];
    allowedHosts: string[];
    bodyLimit: number | string;
  };
  contracts: { deploy: boolean };
  oracle: {
    /** Run the oracle server and its push loop (needs the contracts). */
    enabled: boolean;
    port: number;
    host: string;
    token: string | undefined;
    corsOrigins: string[];
    allowedHosts: string[];
    /** The price simulator's options, for `createPlatform({ oracle })`. */
    simulator: OracleOptions;
  };
  /** For `createPlatform({ bots })`; its catalogues default to the sixteen of `builtinScenarios`. */
  bots: BotsOptions<readonly BotCatalogue[]>;
  /** Build artifact folders the explorer loads and watches (absolute): the config's, then `--artifacts`. */
  artifacts: string[];
  /** For `createPlatform({ history })`: the bots' records kept (false: all). */
  history: { botRetention: number | false };
  /** For `createPlatform({ explorer })`: on (true), off (false), or on with these options. */
  explorer: boolean | ExplorerOptions;
  /**
   * The traffic document to apply once the stack is up (already checked: see `loadTraffic`), and
   * where it came from; undefined without one.
   */
  traffic: { from: string; document: unknown } | undefined;
  logFormat: LogFormat;
};

/** Command-line flags of `privnet up`, as parsed (strings). */
export type UpFlags = TlsFlags & {
  port?: string | undefined;
  host?: string | undefined;
  "rpc-url"?: string | undefined;
  "fork-url"?: string | undefined;
  "fork-block"?: string | undefined;
  storage?: string | undefined;
  "data-dir"?: string | undefined;
  "chain-port"?: string | undefined;
  "chain-host"?: string | undefined;
  "block-time"?: string | undefined;
  "state-window"?: string | undefined;
  "block-window"?: string | undefined;
  "state-interval"?: string | undefined;
  "node-memory-limit"?: string | undefined;
  "bot-retention"?: string | undefined;
  "oracle-port"?: string | undefined;
  "log-format"?: string | undefined;
  "allowed-hosts"?: string | undefined;
  "cors-origins"?: string | undefined;
  traffic?: string | undefined;
  /** Repeatable. */
  artifacts?: string[] | undefined;
};

/**
 * The environment variables `privnet up` reads, each overriding its config field (flags override
 * both).
 */
export const ENVIRONMENT_VARIABLES = {
  PORT: "admin.port",
  PRIVNET_HOST: "admin.host",
  PRIVNET_ADMIN_TOKEN: "admin.token",
  PRIVNET_CORS_ORIGINS: "admin.corsOrigins and oracle.corsOrigins (comma-separated)",
  PRIVNET_ALLOWED_HOSTS: "admin.allowedHosts and oracle.allowedHosts (comma-separated)",
  PRIVNET_ORACLE_TOKEN: "oracle.token",
  PRIVNET_RPC_URL: "chain.rpcUrl",
  PRIVNET_FORK_URL: "chain.forkUrl",
  PRIVNET_FORK_BLOCK: "chain.forkBlock",
  PRIVNET_CHAIN_PORT: "chain.port",
  PRIVNET_CHAIN_HOST: "chain.host",
  PRIVNET_BLOCK_TIME: "chain.blockTime",
  PRIVNET_STATE_WINDOW: "chain.stateWindow (blocks of historical state the embedded devnet keeps)",
  PRIVNET_BLOCK_WINDOW:
    "chain.blockWindow (blocks whose transactions the embedded devnet's node keeps in memory)",
  PRIVNET_STATE_INTERVAL: "chain.stateInterval (seconds between the embedded devnet's state writes)",
  PRIVNET_NODE_MEMORY_LIMIT:
    "chain.nodeMemoryLimit (MB the embedded devnet's node may hold before a restart; 0: off)",
  PRIVNET_BOT_RETENTION: 'history.botRetention (the bots\' records kept; "off": all)',
  PRIVNET_STORAGE: "storage",
  PRIVNET_DATA_DIR: "dataDir",
  PRIVNET_PASSPHRASE: "encryptionPassphrase",
  PRIVNET_TLS: 'tls ("self-signed")',
  PRIVNET_TLS_CERT: "tls.cert (a PEM file; with PRIVNET_TLS_KEY)",
  PRIVNET_TLS_KEY: "tls.key (a PEM file; with PRIVNET_TLS_CERT)",
  PRIVNET_TLS_NAMES: "tls.names (comma-separated; with a self-signed certificate)",
  ORACLE_PORT: "oracle.port",
  ORACLE_INTERVAL: "oracle.interval (ms between price pushes)",
  PRIVNET_LOG_FORMAT: "logFormat (pretty or json)",
} as const;

/**
 * Merges, lowest first: the defaults, the config file, the environment, the command-line flags.
 * Every value is checked; a bad one is a {@link UsageError} naming where it came from. A server
 * bound beyond loopback without its token is refused too (see `refusePublicBindsWithoutTokens`).
 *
 * @example
 * const settings = resolveSettings({ config, env: process.env, flags: { port: "0" }, cwd: process.cwd() });
 */
export function resolveSettings(input: {
  config: PrivnetConfig;
  env: NodeJS.ProcessEnv;
  flags: UpFlags;
  cwd: string;
  /** Whether the output is a terminal: then logs default to "pretty", else to "json". Default: false. */
  tty?: boolean;
}): StackSettings {
  const { config, env, flags, cwd } = input;
  const checked = privnetConfigSchema.safeParse(withOverrides(config, env, flags));
  if (!checked.success) {
    const problems = checked.error.issues
      .map((issue) => `  ${issue.path.join(".") || "(config)"}: ${issue.message}`)
      .join("\n");
    throw new UsageError(`The settings are not valid (config, environment and flags merged):\n${problems}`);
  }
  const merged = checked.data;
  const deploy = merged.contracts?.deploy ?? true;
  const {
    enabled: oracleEnabled,
    port: oraclePort,
    host: oracleHost,
    token: oracleToken,
    corsOrigins: oracleCorsOrigins,
    allowedHosts: oracleAllowedHosts,
    ...simulator
  } = merged.oracle ?? {};
  if (merged.chain?.rpcUrl && merged.chain.forkUrl) {
    throw new UsageError(
      "chain.rpcUrl and chain.forkUrl exclude each other: --rpc-url uses a chain as it is, --fork-url starts the embedded devnet as a fork of one.",
    );
  }
  if (merged.chain?.forkBlock !== undefined && !merged.chain.forkUrl) {
    throw new UsageError("chain.forkBlock (--fork-block) needs chain.forkUrl (--fork-url).");
  }
  if (oracleEnabled && !deploy) {
    throw new UsageError("oracle.enabled needs the contracts: contracts.deploy is false.");
  }
  const dataDir = resolve(cwd, merged.dataDir ?? ".privnet");
  const inData = (path: string) => (isAbsolute(path) ? path : resolve(cwd, path));
  const settings: StackSettings = {
    dataDir,
    chain: {
      rpcUrl: merged.chain?.rpcUrl,
      forkUrl: merged.chain?.forkUrl,
      forkBlock: merged.chain?.forkBlock,
      port: merged.chain?.port ?? 8545,
      // The team reaches the chain where it reaches the admin API, unless told otherwise.
      host: merged.chain?.host ?? merged.admin?.host ?? "127.0.0.1",
      blockTime: merged.chain?.blockTime ?? 2,
      statePath: merged.chain?.statePath
        ? inData(merged.chain.statePath)
        : resolve(dataDir, "chain-state.json"),
      limits: {
        ...DEFAULT_CHAIN_LIMITS,
        // A limit the config leaves out keeps its default.
        ...(Object.fromEntries(
          Object.entries(merged.chain?.limits ?? {}).filter(([, value]) => value !== undefined),
        ) as Partial<ChainLimits>),
      },
      stateWindow: merged.chain?.stateWindow ?? DEFAULT_STATE_WINDOW,
      blockWindow: merged.chain?.blockWindow ?? DEFAULT_BLOCK_WINDOW,
      stateInterval: merged.chain?.stateInterval ?? DEFAULT_STATE_INTERVAL,
      preserveHistoricalStates: merged.chain?.preserveHistoricalStates ?? false,
      nodeMemoryLimit: merged.chain?.nodeMemoryLimit ?? DEFAULT_NODE_MEMORY_LIMIT,
    },
    storage: parseStorage(merged.storage, dataDir, cwd),
    tls: resolveTlsSetting(merged.tls, dataDir, cwd),
    encryptionPassphrase: merged.encryptionPassphrase,
    admin: {
      port: merged.admin?.port ?? 3000,
      host: merged.admin?.host ?? "127.0.0.1",
      token: merged.admin?.token,
      corsOrigins: merged.admin?.corsOrigins ?? [],
      allowedHosts: merged.admin?.allowedHosts ?? [],
      bodyLimit: merged.admin?.bodyLimit ?? "100kb",
    },
    contracts: { deploy },
    oracle: {
      enabled: oracleEnabled ?? deploy,
      port: oraclePort ?? 3004,
      host: oracleHost ?? merged.admin?.host ?? "127.0.0.1",
      token: oracleToken,
      corsOrigins: oracleCorsOrigins ?? merged.admin?.corsOrigins ?? [],
      allowedHosts: oracleAllowedHosts ?? merged.admin?.allowedHosts ?? [],
      simulator: simulator as OracleOptions,
    },
    bots: (merged.bots ?? {}) as BotsOptions<readonly BotCatalogue[]>,
    history: { botRetention: merged.history?.botRetention ?? DEFAULT_BOT_RETENTION },
    explorer: (merged.explorer ?? true) as boolean | ExplorerOptions,
    artifacts: [
      ...new Set([...(merged.artifacts ?? []), ...(flags.artifacts ?? [])].map((dir) => resolve(cwd, dir))),
    ],
    traffic: trafficSource(flags.traffic ?? merged.traffic, cwd, flags.traffic !== undefined),
    logFormat: merged.logFormat ?? (input.tty ? "pretty" : "json"),
  };
  refusePublicBindsWithoutTokens(settings);
  return settings;
}

/**
 * `config` with what the environment sets over it, and the flags over both: each value read from
 * text is checked here (a {@link UsageError} naming where it came from); the whole is checked
 * against the config's schema after.
 */
function withOverrides(config: PrivnetConfig, env: NodeJS.ProcessEnv, flags: UpFlags): PrivnetConfig {
  const pick = (flag: string | undefined, flagName: string, envName: keyof typeof ENVIRONMENT_VARIABLES) => {
    if (flag !== undefined) return { value: flag, from: `--${flagName}` };
    const fromEnv = env[envName];
    if (fromEnv !== undefined && fromEnv !== "") return { value: fromEnv, from: envName };
    return undefined;
  };
  const portOf = (picked: { value: string; from: string } | undefined) =>
    picked && integer(picked.value, picked.from, 0, 65_535);

  const overrides: PrivnetConfig = {
    ...config,
    chain: { ...config.chain },
    admin: { ...config.admin },
    contracts: { ...config.contracts },
    oracle: { ...config.oracle },
  };
  const set = <T>(target: Record<string, unknown>, key: string, value: T | undefined) => {
    if (value !== undefined) target[key] = value;
  };
  const chain = overrides.chain as Record<string, unknown>;
  const oracle = overrides.oracle as Record<string, unknown>;
  set(oracle, "port", portOf(pick(flags["oracle-port"], "oracle-port", "ORACLE_PORT")));
  const oracleInterval = pick(undefined, "", "ORACLE_INTERVAL");
  set(oracle, "interval", oracleInterval && integer(oracleInterval.value, "ORACLE_INTERVAL", 1, 2 ** 31 - 1));
  const admin = overrides.admin as Record<string, unknown>;
  set(admin, "port", portOf(pick(flags.port, "port", "PORT")));
  set(admin, "host", pick(flags.host, "host", "PRIVNET_HOST")?.value);
  set(admin, "token", pick(undefined, "", "PRIVNET_ADMIN_TOKEN")?.value);
  set(oracle, "token", pick(undefined, "", "PRIVNET_ORACLE_TOKEN")?.value);
  // One list for both servers from the environment or a flag; the config can set each.
  const cors = list(pick(flags["cors-origins"], "cors-origins", "PRIVNET_CORS_ORIGINS"));
  set(admin, "corsOrigins", cors);
  set(oracle, "corsOrigins", cors);
  const hosts = list(pick(flags["allowed-hosts"], "allowed-hosts", "PRIVNET_ALLOWED_HOSTS"));
  set(admin, "allowedHosts", hosts);
  set(oracle, "allowedHosts", hosts);
  set(chain, "rpcUrl", pick(flags["rpc-url"], "rpc-url", "PRIVNET_RPC_URL")?.value);
  set(chain, "forkUrl", pick(flags["fork-url"], "fork-url", "PRIVNET_FORK_URL")?.value);
  const forkBlock = pick(flags["fork-block"], "fork-block", "PRIVNET_FORK_BLOCK");
  set(chain, "forkBlock", forkBlock && integer(forkBlock.value, forkBlock.from, 0, Number.MAX_SAFE_INTEGER));
  set(chain, "port", portOf(pick(flags["chain-port"], "chain-port", "PRIVNET_CHAIN_PORT")));
  set(chain, "host", pick(flags["chain-host"], "chain-host", "PRIVNET_CHAIN_HOST")?.value);
  const blockTime = pick(flags["block-time"], "block-time", "PRIVNET_BLOCK_TIME");
  set(chain, "blockTime", blockTime && decimal(blockTime.value, blockTime.from));
  const stateWindow = pick(flags["state-window"], "state-window", "PRIVNET_STATE_WINDOW");
  set(chain, "stateWindow", stateWindow && integer(stateWindow.value, stateWindow.from, 1, 2 ** 31 - 1));
  const blockWindow = pick(flags["block-window"], "block-window", "PRIVNET_BLOCK_WINDOW");
  set(chain, "blockWindow", blockWindow && integer(blockWindow.value, blockWindow.from, 4, 2 ** 31 - 1));
  const stateInterval = pick(flags["state-interval"], "state-interval", "PRIVNET_STATE_INTERVAL");
  set(chain, "stateInterval", stateInterval && decimal(stateInterval.value, stateInterval.from));
  const memoryLimit = pick(flags["node-memory-limit"], "node-memory-limit", "PRIVNET_NODE_MEMORY_LIMIT");
  set(chain, "nodeMemoryLimit", memoryLimit && integer(memoryLimit.value, memoryLimit.from, 0, 2 ** 31 - 1));
  const botRetention = pick(flags["bot-retention"], "bot-retention", "PRIVNET_BOT_RETENTION");
  if (botRetention) {
    overrides.history = {
      ...config.history,
      botRetention:
        botRetention.value === "off" ? false : integer(botRetention.value, botRetention.from, 0, 2 ** 53 - 1),
    };
  }
  set(
    overrides as Record<string, unknown>,
    "storage",
    pick(flags.storage, "storage", "PRIVNET_STORAGE")?.value,
  );
  set(
    overrides as Record<string, unknown>,
    "dataDir",
    pick(flags["data-dir"], "data-dir", "PRIVNET_DATA_DIR")?.value,
  );
  set(
    overrides as Record<string, unknown>,
    "encryptionPassphrase",
    pick(undefined, "", "PRIVNET_PASSPHRASE")?.value,
  );
  set(overrides as Record<string, unknown>, "tls", tlsOverride(config.tls, env, flags));
  const logFormat = pick(flags["log-format"], "log-format", "PRIVNET_LOG_FORMAT");
  set(overrides as Record<string, unknown>, "logFormat", logFormat && oneOf(logFormat, ["pretty", "json"]));

  return overrides;
}

/** `postgres://…`, `memory`, `sqlite:<path>` or a plain path. */
export function parseStorage(value: string | undefined, dataDir: string, cwd: string): StorageSetting {
  if (value === undefined) return { kind: "sqlite", path: resolve(dataDir, "privnet.db") };
  if (/^postgres(ql)?:\/\//i.test(value)) return { kind: "postgres", connectionString: value };
  if (value === "memory") return { kind: "memory" };
  const path = value.startsWith("sqlite:") ? value.slice("sqlite:".length) : value;
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(path)) {
    throw new UsageError(
      `Storage "${redactUrl(value)}" is not supported: use postgres://…, memory, or a sqlite file path.`,
    );
  }
  return { kind: "sqlite", path: resolve(cwd, path) };
}

/** A connection string without its password, for output. */
export function redactUrl(value: string): string {
  return value.replace(/^([a-z][a-z0-9+.-]*:\/\/[^:/@]+:)[^@]*@/i, "$1***@");
}

/**
 * Where the traffic document comes from: a file (the path resolved against the working directory;
 * read by `loadTraffic`) or the config's inline document.
 */
function trafficSource(
  value: string | Record<string, unknown> | undefined,
  cwd: string,
  fromFlag: boolean,
): StackSettings["traffic"] {
  if (value === undefined) return undefined;
  if (typeof value === "string") return { from: resolve(cwd, value), document: undefined };
  return { from: fromFlag ? "--traffic" : "the config's traffic", document: value };
}

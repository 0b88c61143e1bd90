import { resolve } from "node:path";
import { describe, expect, test } from "vitest";
import { defineConfig } from "./defineConfig.js";
import { parseStorage, redactUrl, resolveSettings } from "./resolveSettings.js";

const cwd = "/work/project";

describe("resolveSettings", () => {
  test("without config, environment or flags: the documented defaults", () => {
    expect(resolveSettings({ config: {}, env: {}, flags: {}, cwd })).toEqual({
      dataDir: "/work/project/.privnet",
      chain: {
        rpcUrl: undefined,
        port: 8545,
        host: "127.0.0.1",
        blockTime: 2,
        statePath: "/work/project/.privnet/chain-state.json",
        limits: {
          maxBatch: 100,
          maxBodyBytes: 5_242_880,
          maxLogsRange: 10_000,
          maxSubscriptions: 100,
          ratePerSecond: 500,
          rateBurst: 1_000,
        },
        stateWindow: 128,
        blockWindow: 64,
        stateInterval: 30,
        preserveHistoricalStates: false,
        nodeMemoryLimit: 1536,
      },
      storage: { kind: "sqlite", path: "/work/project/.privnet/privnet.db" },
      encryptionPassphrase: undefined,
      admin: {
        port: 3000,
        host: "127.0.0.1",
        token: undefined,
        corsOrigins: [],
        allowedHosts: [],
        bodyLimit: "100kb",
      },
      contracts: { deploy: true },
      oracle: {
        enabled: true,
        port: 3004,
        host: "127.0.0.1",
        token: undefined,
        corsOrigins: [],
        allowedHosts: [],
        simulator: {},
      },
      bots: {},
      history: { botRetention: 1_000_000 },
      explorer: true,
      artifacts: [],
      logFormat: "json",
    });
  });

  test("artifact folders: the config's, then each --artifacts, resolved from the working directory, once each", () => {
    const settings = resolveSettings({
      config: { artifacts: ["./artifacts", "out"] },
      env: {},
      flags: { artifacts: ["out", "../lib/out"] },
      cwd: "/work/app",
    });
    expect(settings.artifacts).toEqual(["/work/app/artifacts", "/work/app/out", "/work/lib/out"]);
    expect(() =>
      resolveSettings({ config: { artifacts: "./artifacts" as never }, env: {}, flags: {}, cwd }),
    ).toThrow(/artifacts/);
  });

  test("logs are readable lines on a terminal and JSON when piped, unless the config, environment or a flag says", () => {
    const logFormat = (input: Partial<Parameters<typeof resolveSettings>[0]>) =>
      resolveSettings({ config: {}, env: {}, flags: {}, cwd, ...input }).logFormat;
    expect(logFormat({ tty: true })).toBe("pretty");
    expect(logFormat({ tty: false })).toBe("json");
    expect(logFormat({ tty: true, config: { logFormat: "json" } })).toBe("json");
    expect(logFormat({ config: { logFormat: "json" }, env: { PRIVNET_LOG_FORMAT: "pretty" } })).toBe(
      "pretty",
    );
    expect(
      logFormat({ tty: true, env: { PRIVNET_LOG_FORMAT: "pretty" }, flags: { "log-format": "json" } }),
    ).toBe("json");
    expect(() => logFormat({ flags: { "log-format": "xml" } })).toThrow(
      '--log-format must be "pretty" or "json", got "xml".',
    );
    expect(() => logFormat({ env: { PRIVNET_LOG_FORMAT: "Pretty" } })).toThrow(
      'PRIVNET_LOG_FORMAT must be "pretty" or "json", got "Pretty".',
    );
  });

  test("Host names, origins and the oracle token: the config per server, the environment and flags for both", () => {
    const config = defineConfig({
      admin: { allowedHosts: ["admin.lan"], corsOrigins: ["http://panel.lan"] },
      oracle: { token: "oracle-config", allowedHosts: ["oracle.lan"] },
    });
    const fromConfig = resolveSettings({ config, env: {}, flags: {}, cwd });
    expect(fromConfig.admin).toMatchObject({
      allowedHosts: ["admin.lan"],
      corsOrigins: ["http://panel.lan"],
    });
    // The oracle's own list where it has one, else the admin API's.
    expect(fromConfig.oracle).toMatchObject({
      token: "oracle-config",
      allowedHosts: ["oracle.lan"],
      corsOrigins: ["http://panel.lan"],
    });
    const fromEnv = resolveSettings({
      config,
      env: { PRIVNET_ALLOWED_HOSTS: "a.lan, b.lan", PRIVNET_ORACLE_TOKEN: "oracle-env" },
      flags: { "cors-origins": "http://x, *" },
      cwd,
    });
    for (const server of [fromEnv.admin, fromEnv.oracle]) {
      expect(server).toMatchObject({ allowedHosts: ["a.lan", "b.lan"], corsOrigins: ["http://x", "*"] });
    }
    expect(fromEnv.oracle.token).toBe("oracle-env");
    expect(
      resolveSettings({
        config,
        env: { PRIVNET_ALLOWED_HOSTS: "a.lan" },
        flags: { "allowed-hosts": "*" },
        cwd,
      }).admin.allowedHosts,
    ).toEqual(["*"]);
  });

  test("a server bound beyond loopback without its token is refused, saying how to set one", () => {
    const refused = (flags: Record<string, string>, env: Record<string, string> = {}, config = {}) => {
      try {
        resolveSettings({ config: defineConfig(config), env, flags, cwd });
      } catch (error) {
        return (error as Error).message;
      }
      return undefined;
    };
    expect(refused({ host: "0.0.0.0" })).toMatch(
      /admin API .* on 0\.0\.0\.0 without an admin token.*PRIVNET_ADMIN_TOKEN/,
    );
    expect(refused({ host: "192.168.1.20" })).toMatch(/admin API/);
    expect(refused({}, {}, { chain: { host: "::" } })).toMatch(/chain's port on :: without an admin token/);
    // The oracle follows the admin API's host: with the admin token set it still needs its own.
    expect(refused({ host: "0.0.0.0" }, { PRIVNET_ADMIN_TOKEN: "a" })).toMatch(
      /oracle API .* on 0\.0\.0\.0 without a token.*PRIVNET_ORACLE_TOKEN/,
    );
    expect(
      refused({ host: "0.0.0.0" }, { PRIVNET_ADMIN_TOKEN: "a", PRIVNET_ORACLE_TOKEN: "b" }),
    ).toBeUndefined();
    // A chain given by URL is not bound by privnet; the oracle turned off binds nothing.
    expect(
      refused({ host: "0.0.0.0" }, { PRIVNET_ADMIN_TOKEN: "a" }, { oracle: { enabled: false } }),
    ).toBeUndefined();
    expect(
      refused({ "rpc-url": "http://10.0.0.5:8545" }, {}, { chain: { host: "0.0.0.0" } }),
    ).toBeUndefined();
    // Loopback in every spelling needs no token.
    for (const host of ["127.0.0.1", "127.0.1.1", "localhost", "::1", "[::1]"]) {
      expect(refused({ host })).toBeUndefined();
    }
  });

  test("the chain's interface: chain.host, PRIVNET_CHAIN_HOST, --chain-host; by default the admin API's", () => {
    const chainHost = (flags: Record<string, string>, env: Record<string, string> = {}, config = {}) =>
      resolveSettings({
        config: defineConfig(config),
        env: { PRIVNET_ADMIN_TOKEN: "t", PRIVNET_ORACLE_TOKEN: "o", ...env },
        flags,
        cwd,
      }).chain.host;
    expect(chainHost({ host: "0.0.0.0" })).toBe("0.0.0.0");
    expect(chainHost({}, {}, { admin: { host: "10.0.0.5" } })).toBe("10.0.0.5");
    expect(chainHost({ host: "0.0.0.0" }, {}, { chain: { host: "127.0.0.1" } })).toBe("127.0.0.1");
    expect(chainHost({}, { PRIVNET_CHAIN_HOST: "0.0.0.0" }, { chain: { host: "127.0.0.1" } })).toBe(
      "0.0.0.0",
    );
    expect(chainHost({ "chain-host": "::" }, { PRIVNET_CHAIN_HOST: "0.0.0.0" })).toBe("::");
    // The chain's limits: each one the config sets, the others their defaults.
    expect(
      resolveSettings({
        config: defineConfig({ chain: { limits: { maxBatch: 500 } } }),
        env: {},
        flags: {},
        cwd,
      }).chain.limits,
    ).toMatchObject({ maxBatch: 500, ratePerSecond: 500, maxLogsRange: 10_000 });
    expect(() =>
      resolveSettings({
        config: defineConfig({ chain: { limits: { maxBatch: 0 } } }),
        env: {},
        flags: {},
        cwd,
      }),
    ).toThrow(/chain\.limits\.maxBatch/);
    // Beyond loopback without the admin token: refused, whichever way it was set.
    expect(() => resolveSettings({ config: {}, env: {}, flags: { "chain-host": "0.0.0.0" }, cwd })).toThrow(
      /chain's port on 0\.0\.0\.0 without an admin token/,
    );
    expect(() =>
      resolveSettings({ config: {}, env: { PRIVNET_CHAIN_HOST: "0.0.0.0" }, flags: {}, cwd }),
    ).toThrow(/chain's port on 0\.0\.0\.0 without an admin token/);
  });

  test("the environment overrides the config, and flags override both", () => {
    const config = defineConfig({
      dataDir: "state",
      admin: { port: 3100, token: "config" },
      chain: { blockTime: 1 },
      oracle: { port: 3004, interval: 30_000, model: "gbm" },
      bots: { transfer: { interval: 1000 } },
    });
    const env = {
      ORACLE_INTERVAL: "15000",
      PORT: "3200",
      PRIVNET_ADMIN_TOKEN: "env",
      PRIVNET_BLOCK_TIME: "0.5",
      PRIVNET_CORS_ORIGINS: "http://a, http://b",
    };
    const settings = resolveSettings({
      config,
      env,
      flags: { port: "3300", storage: "memory", "oracle-port": "0" },
      cwd,
    });
    expect(settings.admin).toMatchObject({ port: 3300, token: "env", corsOrigins: ["http://a", "http://b"] });
    expect(settings.chain.blockTime).toBe(0.5);
    expect(settings.storage).toEqual({ kind: "memory" });
    expect(settings.dataDir).toBe(resolve(cwd, "state"));
    // The server's fields are split from the simulator's; the environment's interval wins.
    expect(settings.oracle).toEqual({
      enabled: true,
      port: 0,
      host: "127.0.0.1",
      token: undefined,
      corsOrigins: ["http://a", "http://b"],
      allowedHosts: [],
      simulator: { interval: 15_000, model: "gbm" },
    });
    expect(settings.bots).toEqual({ transfer: { interval: 1000 } });
    // The explorer is on unless the config says otherwise.
    expect(settings.explorer).toBe(true);
  });

  test("the explorer can be turned off, or given its options; anything else is refused", () => {
    const off = resolveSettings({ config: defineConfig({ explorer: false }), env: {}, flags: {}, cwd });
    expect(off.explorer).toBe(false);
    const kept = resolveSettings({
      config: { explorer: { retention: { blocks: 1000 } } },
      env: {},
      flags: {},
      cwd,
    });
    expect(kept.explorer).toEqual({ retention: { blocks: 1000 } });
    expect(() => resolveSettings({ config: { explorer: "no" } as never, env: {}, flags: {}, cwd })).toThrow(
      /explorer/,
    );
  });

  test("the oracle is off when no contracts are deployed, and cannot be forced on without them", () => {
    const off = resolveSettings({ config: { contracts: { deploy: false } }, env: {}, flags: {}, cwd });
    expect(off.oracle.enabled).toBe(false);
    expect(() =>
      resolveSettings({
        config: { contracts: { deploy: false }, oracle: { enabled: true } },
        env: {},
        flags: {},
        cwd,
      }),
    ).toThrow("oracle.enabled needs the contracts: contracts.deploy is false.");
  });

  test("the state window: the config's, PRIVNET_STATE_WINDOW over it, --state-window over both; whole blocks only", () => {
    const config = defineConfig({ chain: { stateWindow: 1000, preserveHistoricalStates: true } });
    expect(resolveSettings({ config, env: {}, flags: {}, cwd }).chain).toMatchObject({
      stateWindow: 1000,
      preserveHistoricalStates: true,
    });
    const env = { PRIVNET_STATE_WINDOW: "64" };
    expect(resolveSettings({ config, env, flags: {}, cwd }).chain.stateWindow).toBe(64);
    expect(resolveSettings({ config, env, flags: { "state-window": "16" }, cwd }).chain.stateWindow).toBe(16);
    expect(() => resolveSettings({ config: {}, env: {}, flags: { "state-window": "0" }, cwd })).toThrow(
      '--state-window must be an integer from 1 to 2147483647, got "0".',
    );
    expect(() =>
      resolveSettings({ config: {}, env: { PRIVNET_STATE_WINDOW: "1.5" }, flags: {}, cwd }),
    ).toThrow('PRIVNET_STATE_WINDOW must be an integer from 1 to 2147483647, got "1.5".');
    expect(() =>
      resolveSettings({ config: { chain: { stateWindow: -1 } }, env: {}, flags: {}, cwd }),
    ).toThrow(/chain\.stateWindow: /);
  });

  test("the node memory limit: 1536 MB by default, the config's, PRIVNET_NODE_MEMORY_LIMIT over it, the flag over both; 0 turns it off", () => {
    expect(resolveSettings({ config: {}, env: {}, flags: {}, cwd }).chain.nodeMemoryLimit).toBe(1536);
    const config = defineConfig({ chain: { nodeMemoryLimit: 4096 } });
    expect(resolveSettings({ config, env: {}, flags: {}, cwd }).chain.nodeMemoryLimit).toBe(4096);
    const env = { PRIVNET_NODE_MEMORY_LIMIT: "0" };
    expect(resolveSettings({ config, env, flags: {}, cwd }).chain.nodeMemoryLimit).toBe(0);
    const flags = { "node-memory-limit": "2048" };
    expect(resolveSettings({ config, env, flags, cwd }).chain.nodeMemoryLimit).toBe(2048);
    expect(() =>
      resolveSettings({ config: {}, env: {}, flags: { "node-memory-limit": "1.5G" }, cwd }),
    ).toThrow('--node-memory-limit must be an integer from 0 to 2147483647, got "1.5G".');
    expect(() =>
      resolveSettings({ config: { chain: { nodeMemoryLimit: -1 } }, env: {}, flags: {}, cwd }),
    ).toThrow(/chain\.nodeMemoryLimit: /);
  });

  test("the block window: 64 by default, the config's, PRIVNET_BLOCK_WINDOW over it, --block-window over both; 4 or more", () => {
    expect(resolveSettings({ config: {}, env: {}, flags: {}, cwd }).chain.blockWindow).toBe(64);
    const config = defineConfig({ chain: { blockWindow: 1000 } });
    expect(resolveSettings({ config, env: {}, flags: {}, cwd }).chain.blockWindow).toBe(1000);
    const env = { PRIVNET_BLOCK_WINDOW: "64" };
    expect(resolveSettings({ config, env, flags: {}, cwd }).chain.blockWindow).toBe(64);
    expect(resolveSettings({ config, env, flags: { "block-window": "16" }, cwd }).chain.blockWindow).toBe(16);
    expect(() => resolveSettings({ config: {}, env: {}, flags: { "block-window": "2" }, cwd })).toThrow(
      '--block-window must be an integer from 4 to 2147483647, got "2".',
    );
    expect(() => resolveSettings({ config: { chain: { blockWindow: 1 } }, env: {}, flags: {}, cwd })).toThrow(
      /chain\.blockWindow: /,
    );
  });

  test("the state interval: the config's, PRIVNET_STATE_INTERVAL over it, --state-interval over both; 0 or more seconds", () => {
    const config = defineConfig({ chain: { stateInterval: 60 } });
    expect(resolveSettings({ config, env: {}, flags: {}, cwd }).chain.stateInterval).toBe(60);
    const env = { PRIVNET_STATE_INTERVAL: "0" };
    expect(resolveSettings({ config, env, flags: {}, cwd }).chain.stateInterval).toBe(0);
    expect(
      resolveSettings({ config, env, flags: { "state-interval": "2.5" }, cwd }).chain.stateInterval,
    ).toBe(2.5);
    expect(() => resolveSettings({ config: {}, env: {}, flags: { "state-interval": "soon" }, cwd })).toThrow(
      /--state-interval/,
    );
    expect(() =>
      resolveSettings({ config: { chain: { stateInterval: -1 } }, env: {}, flags: {}, cwd }),
    ).toThrow(/chain\.stateInterval: /);
  });

  test("the bots' retention: the config's, PRIVNET_BOT_RETENTION over it, --bot-retention over both; off keeps all", () => {
    const retention = (input: Partial<Parameters<typeof resolveSettings>[0]>) =>
      resolveSettings({ config: {}, env: {}, flags: {}, cwd, ...input }).history.botRetention;
    expect(retention({ config: { history: { botRetention: 50_000 } } })).toBe(50_000);
    expect(retention({ config: { history: { botRetention: false } } })).toBe(false);
    const env = { PRIVNET_BOT_RETENTION: "20000" };
    expect(retention({ config: { history: { botRetention: 50_000 } }, env })).toBe(20_000);
    expect(retention({ env, flags: { "bot-retention": "off" } })).toBe(false);
    expect(retention({ env: { PRIVNET_BOT_RETENTION: "0" } })).toBe(0);
    expect(() => retention({ flags: { "bot-retention": "lots" } })).toThrow(
      '--bot-retention must be an integer from 0 to 9007199254740991, got "lots".',
    );
    expect(() => retention({ config: { history: { botRetention: -1 } } })).toThrow(/history\.botRetention: /);
  });

  test("bad values name where they came from", () => {
    expect(() => resolveSettings({ config: {}, env: { PORT: "70000" }, flags: {}, cwd })).toThrow(
      'PORT must be an integer from 0 to 65535, got "70000".',
    );
    expect(() => resolveSettings({ config: {}, env: {}, flags: { "block-time": "soon" }, cwd })).toThrow(
      '--block-time must be a number of seconds (0 or more), got "soon".',
    );
    expect(() =>
      resolveSettings({ config: {}, env: { PRIVNET_RPC_URL: "not a url" }, flags: {}, cwd }),
    ).toThrow(/chain\.rpcUrl: /);
    expect(() =>
      resolveSettings({ config: { admin: { prot: 1 } } as never, env: {}, flags: {}, cwd }),
    ).toThrow(/admin: .*prot/);
  });
});

describe("parseStorage", () => {
  test("postgres URLs, memory, and sqlite paths", () => {
    expect(parseStorage("postgres://u:p@h/db", "/d", cwd)).toEqual({
      kind: "postgres",
      connectionString: "postgres://u:p@h/db",
    });
    expect(parseStorage("postgresql://h/db", "/d", cwd)).toMatchObject({ kind: "postgres" });
    expect(parseStorage("memory", "/d", cwd)).toEqual({ kind: "memory" });
    expect(parseStorage("sqlite:data/x.db", "/d", cwd)).toEqual({
      kind: "sqlite",
      path: "/work/project/data/x.db",
    });
    expect(parseStorage("/abs/y.db", "/d", cwd)).toEqual({ kind: "sqlite", path: "/abs/y.db" });
    expect(parseStorage(undefined, "/d", cwd)).toEqual({ kind: "sqlite", path: "/d/privnet.db" });
    expect(() => parseStorage("mysql://u:secret@h/db", "/d", cwd)).toThrow(
      'Storage "mysql://u:***@h/db" is not supported',
    );
  });

  test("redactUrl hides the password only", () => {
    expect(redactUrl("postgres://user:secret@host:5432/db")).toBe("postgres://user:***@host:5432/db");
    expect(redactUrl("postgres://host/db")).toBe("postgres://host/db");
  });
});

describe("traffic", () => {
  test("--traffic names a file (resolved against the working directory) and overrides the config's", () => {
    const settings = resolveSettings({
      config: { traffic: "from-config.yaml" },
      env: {},
      flags: { traffic: "load/traffic.yaml" },
      cwd: "/srv/app",
    });
    expect(settings.traffic).toEqual({ from: "/srv/app/load/traffic.yaml", document: undefined });
  });

  test("the config's traffic is a path or an inline document; none by default", () => {
    const inline = { version: 1, bots: [{ scenario: "transfer" }] };
    expect(resolveSettings({ config: { traffic: inline }, env: {}, flags: {}, cwd: "/srv" }).traffic).toEqual(
      {
        from: "the config's traffic",
        document: inline,
      },
    );
    expect(
      resolveSettings({ config: { traffic: "t.json" }, env: {}, flags: {}, cwd: "/srv" }).traffic,
    ).toEqual({
      from: "/srv/t.json",
      document: undefined,
    });
    expect(resolveSettings({ config: {}, env: {}, flags: {}, cwd: "/srv" }).traffic).toBeUndefined();
  });
});

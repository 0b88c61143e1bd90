/**
 * No stalls under load: the platform as `privnet up` makes it (seed chain: 2 s blocks, 60M gas;
 * sqlite storage, a fresh file; the admin API) with every bot and scenario of the catalogue started
 * with its defaults (the seed's bots, and one instance of every other scenario), for S seconds. Measured meanwhile:
 *
 * - `event_loop_lag_p99_ms`: the 99th percentile of the platform process's event-loop delay
 *   (`perf_hooks.monitorEventLoopDelay`, 10 ms resolution) while everything runs, against the same
 *   measured over the same length of time before any bot started (the platform idle);
 * - `bots_status_p99_ms`: `GET /bots/status` latency at the 99th percentile, 2 requests a second from
 *   autocannon in a process of its own, against the same while idle (target ≤ 100 ms: the status
 *   answers from memory, so it must not follow the node's own latency, `node_rpc_p99_ms` below);
 * - `send_p99_ms`: `POST /send` latency at the 99th percentile, 20 requests a second from another
 *   autocannon process, against the same while idle;
 * - `node_rpc_p99_ms`: `eth_blockNumber` at the devnet's port at the 99th percentile, 2 requests a
 *   second from a third: what the routes wait on when they read the chain.
 *
 *   pnpm bench:event-loop                  # 60 s of load
 *   pnpm bench:event-loop --seconds 900    # the issue's 15 minutes
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { parseArgs } from "node:util";
import { createPlatform } from "@privnet/core";
import { startDevnet } from "@privnet/devnet";
import { createAdminServer } from "@privnet/express-adapter";
import { builtinScenarios } from "@privnet/scenarios";
import { sqliteStorage } from "@privnet/storage-sqlite";
import { http } from "viem";
import { figure, loadFromOutside, recordFigures, withCpuProfile } from "./harness/index.js";

const { values: args } = parseArgs({
  options: {
    seconds: { type: "string", default: "60" },
    idle: { type: "string", default: "20" },
    // A .cpuprofile of the loaded phase (bots starting included), to find what holds the loop.
    "cpu-profile": { type: "string" },
  },
});
const seconds = Number(args.seconds);
const idleSeconds = Number(args.idle);
const recipient = "0x000000000000000000000000000000000000bE0c";

const dataDir = mkdtempSync(join(tmpdir(), "privnet-bench-lag-"));
const devnet = await startDevnet({ port: 0 });
try {
  const platform = await createPlatform({
    transport: http(devnet.rpcUrl),
    storage: sqliteStorage({ path: join(dataDir, "privnet.db") }),
    // The sixteen built-in scenarios, as `privnet up` registers them.
    bots: { env: {}, catalogues: [builtinScenarios] },
  });
  const admin = await createAdminServer(platform, { port: 0, logger: false });
  try {
    const body = JSON.stringify({ fromWalletId: 5, toAddress: recipient, amount: "0.000001" });
    const blockNumberCall = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "eth_blockNumber", params: [] });
    /** Event-loop delay and the two routes' latency over `duration` seconds. */
    async function measure(duration: number) {
      const delay = monitorEventLoopDelay({ resolution: 10 });
      delay.enable();
      const [status, send, node] = await Promise.all([
        loadFromOutside({ url: `${admin.url}/bots/status`, seconds: duration, connections: 1, rate: 2 }),
        loadFromOutside({
          url: `${admin.url}/send`,
          method: "POST",
          body,
          seconds: duration,
          connections: 4,
          rate: 20,
        }),
        // The node as every client of the devnet's port sees it (the clock relay, then anvil):
        // what the two routes wait on when they read the chain.
        loadFromOutside({
          url: devnet.rpcUrl,
          method: "POST",
          body: blockNumberCall,
          seconds: duration,
          connections: 1,
          rate: 2,
        }),
      ]);
      delay.disable();
      for (const [name, result] of [
        ["GET /bots/status", status],
        ["POST /send", send],
        ["eth_blockNumber", node],
      ] as const) {
        if (result.non2xx > 0 || result.errors > 0)
          throw new Error(
            `${name}: ${result.non2xx} answers not 2xx, ${result.errors} errors of ${result.total}`,
          );
      }
      return {
        lagP99: delay.percentile(99) / 1e6,
        lagMax: delay.max / 1e6,
        status,
        send,
        node,
      };
    }

    // Warm-up: JIT, connections, the sender's first hold; then the platform idle.
    await measure(5);
    const idle = await measure(idleSeconds);
    // One instance of every scenario no bot runs yet (the seed bots run their own), then all of them.
    for (const scenario of await platform.bots.scenarios()) {
      if (scenario.bots.length > 0) continue;
      await platform.bots.createInstance({
        scenario: scenario.name,
        name: `lag-${scenario.name}`.slice(0, 40),
      });
    }
    const names = platform.bots.names();
    const refused: string[] = [];
    const startAndMeasure = async () => {
      for (const name of names) {
        await platform.bots.start(name).catch((error: unknown) => {
          refused.push(`${name} (${error instanceof Error ? error.message : String(error)})`);
        });
      }
      return measure(seconds);
    };
    const profile = args["cpu-profile"];
    const loaded = profile ? await withCpuProfile(profile, startAndMeasure, 1000) : await startAndMeasure();
    const started = names.length - refused.length;
    console.log(
      `started ${started} of ${names.length} bots and scenarios${refused.length ? `; refused: ${refused.join(", ")}` : ""}`,
    );
    const { stats } = await platform.bots.get("transfer");
    for (const name of names) await platform.bots.stop(name).catch(() => undefined);

    const ms = (value: number) => `${value.toFixed(1)} ms`;
    for (const [label, m] of [
      ["idle", idle],
      ["loaded", loaded],
    ] as const) {
      console.log(
        `${label.padEnd(7)} event-loop delay p99 ${ms(m.lagP99)} (max ${ms(m.lagMax)}); GET /bots/status p50 ${ms(m.status.latencyP50)} p99 ${ms(m.status.latencyP99)} (${m.status.total}); POST /send p50 ${ms(m.send.latencyP50)} p99 ${ms(m.send.latencyP99)} (${m.send.total}); node eth_blockNumber p50 ${ms(m.node.latencyP50)} p99 ${ms(m.node.latencyP99)} (${m.node.total})`,
      );
    }
    console.log(`transfer bot meanwhile: sent ${stats.sent}, confirmed ${stats.confirmed}`);
    const work = `${started} bots and scenarios with their defaults, seed chain (2 s blocks), sqlite, ${seconds} s; baseline: the same platform idle for ${idleSeconds} s`;
    recordFigures({
      event_loop_lag_p99_ms: figure(
        loaded.lagP99,
        idle.lagP99,
        "ms",
        `platform process event-loop delay p99 (monitorEventLoopDelay, 10 ms resolution): ${work}`,
      ),
      bots_status_p99_ms: figure(
        loaded.status.latencyP99,
        idle.status.latencyP99,
        "ms",
        `GET /bots/status latency p99, 2 requests/s from autocannon in its own process (the node's own p99 meanwhile: ${loaded.node.latencyP99} ms): ${work}`,
      ),
      send_p99_ms: figure(
        loaded.send.latencyP99,
        idle.send.latencyP99,
        "ms",
        `POST /send latency p99, 20 requests/s from autocannon in its own process: ${work}`,
      ),
      node_rpc_p99_ms: figure(
        loaded.node.latencyP99,
        idle.node.latencyP99,
        "ms",
        `eth_blockNumber latency p99 at the devnet's port (clock relay, then anvil), 2 requests/s from autocannon in its own process: ${work}`,
      ),
    });
  } finally {
    await admin.close();
    await platform.close();
  }
} finally {
  await devnet.stop();
  rmSync(dataDir, { recursive: true, force: true });
}

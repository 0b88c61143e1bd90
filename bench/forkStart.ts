/**
 * What a throwaway fork costs to start: `fork_start_seconds` is the median time from `POST /forks`
 * on the admin API (a devnet with the platform contracts deployed, its fork pool behind the route)
 * to the fork answering `eth_blockNumber` on its own URL. Baseline, in the same run: a plain
 * `startDevnet` of a fresh chain until it answers (anvil from genesis, with the clock relay).
 *
 *   pnpm bench:forks
 */
import { createPlatform } from "@privnet/core";
import { startDevnet } from "@privnet/devnet";
import { createAdminServer } from "@privnet/express-adapter";
import { createPublicClient, http } from "viem";
import { type Figure, figure, median, recordFigures } from "./harness/index.js";

const RUNS = 7;

const devnet = await startDevnet({ port: 0, blockTime: 0 });
try {
  const platform = await createPlatform({ transport: http(devnet.rpcUrl), contracts: true });
  await platform.contracts.get();
  const server = await createAdminServer(platform, { port: 0, logger: false, forks: devnet.forks });
  try {
    const forkTimes: number[] = [];
    const freshTimes: number[] = [];
    // Interleaved, so that both see the same load.
    for (let run = 0; run < RUNS; run++) {
      let started = performance.now();
      const answer = await fetch(`${server.url}/forks`, { method: "POST" });
      if (answer.status !== 201)
        throw new Error(`POST /forks answered ${answer.status}: ${await answer.text()}`);
      const fork = (await answer.json()) as { id: string; rpcUrl: string };
      await createPublicClient({ transport: http(fork.rpcUrl) }).getBlockNumber({ cacheTime: 0 });
      forkTimes.push((performance.now() - started) / 1000);
      await fetch(`${server.url}/forks/${fork.id}`, { method: "DELETE" });

      started = performance.now();
      const fresh = await startDevnet({ port: 0, blockTime: 0 });
      await createPublicClient({ transport: http(fresh.rpcUrl) }).getBlockNumber({ cacheTime: 0 });
      freshTimes.push((performance.now() - started) / 1000);
      await fresh.stop();
    }
    const figures: Record<string, Figure> = {
      fork_start_seconds: figure(
        median(forkTimes),
        median(freshTimes),
        "s",
        `p50 of ${RUNS} POST /forks (a fork of a devnet with the platform contracts) until the fork answers eth_blockNumber; baseline: startDevnet of a fresh chain until it answers (p50)`,
      ),
    };
    recordFigures(figures);
  } finally {
    await server.close();
    await platform.close();
  }
} finally {
  await devnet.stop();
}

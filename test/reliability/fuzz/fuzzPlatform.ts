import { createPlatform, type Platform } from "@privnet/core";
import { useDevnet } from "@privnet/devnet/vitest";
import { createPublicClient, http } from "viem";
import { afterAll, beforeAll } from "vitest";
import { FUZZ_RUNS, FUZZ_SEED } from "../reliabilityScale.js";
import { stateFingerprint } from "./stateFingerprint.js";

/**
 * The platform a fuzzing file sends its requests to, on the worker's devnet (contracts deployed,
 * bots and oracle idle), with what `fuzzServer` needs around it: the state a refused request must
 * not change, and a `settle` that ends what an accepted one started. Call at the top of the file.
 *
 * @example
 * const fuzz = useFuzzPlatform();
 * const server = await createAdminServer(fuzz.platform(), { port: 0, logger: false });
 */
export function useFuzzPlatform() {
  const devnet = useDevnet();
  const client = createPublicClient({ transport: http(devnet.rpcUrl) });
  let platform: Platform | undefined;
  const current = () => {
    if (!platform) throw new Error("the fuzzing platform is made in beforeAll");
    return platform;
  };

  beforeAll(async () => {
    console.info(
      `[fuzz] seed ${FUZZ_SEED} (replay: PRIVNET_FUZZ_SEED=${FUZZ_SEED}), ${FUZZ_RUNS} cases per server`,
    );
    platform = await createPlatform({
      transport: http(devnet.rpcUrl),
      contracts: true,
      bots: { env: {} },
      oracle: { maxAttempts: 1 },
    });
  });
  afterAll(async () => {
    await platform?.close();
  });

  return {
    platform: current,
    fingerprint: () => stateFingerprint(current(), client),
    /** Stops what an accepted request started, and waits until every record it wrote is settled. */
    async settle(): Promise<void> {
      const running = current();
      for (const [name, bot] of Object.entries(await running.bots.status())) {
        if (bot.status === "Running") await running.bots.stop(name);
      }
      if (running.oracle.status().running) await running.oracle.stop();
      while ((await running.storage.transactions.list({ limit: 1, status: "pending" })).length > 0) {
        await new Promise((resolve) => running.events.once("transaction", resolve));
      }
    },
  };
}

import { createPlatform, type Platform } from "@privnet/core";
import { useDevnet } from "@privnet/devnet/vitest";
import { createAdminServer } from "@privnet/express-adapter";
import { createOracleServer } from "@privnet/oracle-http";
import { createPublicClient, http } from "viem";
import { afterAll, beforeAll, expect, test } from "vitest";
import { errorBody as adminErrorBody } from "../../../packages/express-adapter/src/schemas/errors.js";
import { errorBody as oracleErrorBody } from "../../../packages/oracle-http/src/schemas/errors.js";
import { FUZZ_RUNS, FUZZ_SEED } from "../reliabilityScale.js";
import { fuzzServer } from "./fuzzServer.js";
import { stateFingerprint } from "./stateFingerprint.js";

// Issue 15's acceptance: fast-check fuzzing of every route of both servers from their OpenAPI
// documents — never a 5xx, always the JSON error shape, no state change from a refused request.
// PRIVNET_FUZZ_SEED replays a run, PRIVNET_FUZZ_RUNS sets its size (per server).

const devnet = useDevnet();
let platform: Platform;
const client = createPublicClient({ transport: http(devnet.rpcUrl) });

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

const fingerprint = () => stateFingerprint(platform, client);

/** Stops what an accepted request started, and waits until every record it wrote is settled. */
async function settle(): Promise<void> {
  for (const [name, bot] of Object.entries(await platform.bots.status())) {
    if (bot.status === "Running") await platform.bots.stop(name);
  }
  if (platform.oracle.status().running) await platform.oracle.stop();
  while ((await platform.storage.transactions.list({ limit: 1, status: "pending" })).length > 0) {
    await new Promise((resolve) => platform.events.once("transaction", resolve));
  }
}

test("admin API: every route from its OpenAPI document", async () => {
  const server = await createAdminServer(platform, { port: 0, logger: false });
  try {
    const report = await fuzzServer({
      url: server.url,
      errorSchema: adminErrorBody,
      runs: FUZZ_RUNS,
      seed: FUZZ_SEED,
      fingerprint,
      settle,
    });
    console.info(`[fuzz] admin API: ${report.cases} cases, statuses ${JSON.stringify(report.byStatus)}`);
    expect(report.cases).toBe(FUZZ_RUNS);
  } finally {
    await server.close();
  }
});

test("oracle API: every route from its OpenAPI document", async () => {
  const server = await createOracleServer(platform, { port: 0, logger: false, startLoop: false });
  try {
    const report = await fuzzServer({
      url: server.url,
      errorSchema: oracleErrorBody,
      runs: FUZZ_RUNS,
      seed: FUZZ_SEED + 1,
      fingerprint,
      settle,
    });
    console.info(`[fuzz] oracle API: ${report.cases} cases, statuses ${JSON.stringify(report.byStatus)}`);
    expect(report.cases).toBe(FUZZ_RUNS);
  } finally {
    await server.close();
  }
});

import { createAdminServer } from "@privnet/express-adapter";
import { expect, test } from "vitest";
import { errorBody } from "../../../packages/express-adapter/src/schemas/errors.js";
import { FUZZ_RUNS, FUZZ_SEED } from "../reliabilityScale.js";
import { useFuzzPlatform } from "./fuzzPlatform.js";
import { fuzzServer } from "./fuzzServer.js";

// Issue 15's acceptance, for the admin API (the oracle API's is fuzzOracle.test.ts, a file of its
// own so that the two run side by side): fast-check fuzzing of every route from its OpenAPI
// document — never a 5xx, always the JSON error shape, no state change from a refused request.
// PRIVNET_FUZZ_SEED replays a run, PRIVNET_FUZZ_RUNS sets its size (per server).

const fuzz = useFuzzPlatform();

test("admin API: every route from its OpenAPI document", async () => {
  const server = await createAdminServer(fuzz.platform(), { port: 0, logger: false });
  try {
    const report = await fuzzServer({
      url: server.url,
      errorSchema: errorBody,
      runs: FUZZ_RUNS,
      seed: FUZZ_SEED,
      fingerprint: fuzz.fingerprint,
      settle: fuzz.settle,
    });
    console.info(`[fuzz] admin API: ${report.cases} cases, statuses ${JSON.stringify(report.byStatus)}`);
    expect(report.cases).toBe(FUZZ_RUNS);
  } finally {
    await server.close();
  }
});

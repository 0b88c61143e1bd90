import { createOracleServer } from "@privnet/oracle-http";
import { expect, test } from "vitest";
import { errorBody } from "../../../packages/oracle-http/src/schemas/errors.js";
import { FUZZ_RUNS, FUZZ_SEED } from "../reliabilityScale.js";
import { useFuzzPlatform } from "./fuzzPlatform.js";
import { fuzzServer } from "./fuzzServer.js";

// Issue 15's acceptance, for the oracle API (the admin API's is fuzzAdmin.test.ts): every route
// from its OpenAPI document — never a 5xx, always the JSON error shape, no state change from a
// refused request. Its seed is the run's seed + 1 (PRIVNET_FUZZ_SEED replays both).

const fuzz = useFuzzPlatform();

test("oracle API: every route from its OpenAPI document", async () => {
  const server = await createOracleServer(fuzz.platform(), { port: 0, logger: false, startLoop: false });
  try {
    const report = await fuzzServer({
      url: server.url,
      errorSchema: errorBody,
      runs: FUZZ_RUNS,
      seed: FUZZ_SEED + 1,
      fingerprint: fuzz.fingerprint,
      settle: fuzz.settle,
    });
    console.info(`[fuzz] oracle API: ${report.cases} cases, statuses ${JSON.stringify(report.byStatus)}`);
    expect(report.cases).toBe(FUZZ_RUNS);
  } finally {
    await server.close();
  }
});

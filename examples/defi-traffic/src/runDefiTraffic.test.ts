import { readFileSync } from "node:fs";
import { scenarioRegistry, validateTrafficDocument } from "@privnet/core";
import { useDevnet } from "@privnet/devnet/vitest";
import { builtinScenarios } from "@privnet/scenarios";
import { expect, test } from "vitest";
import { runDefiTraffic } from "./runDefiTraffic.js";

const devnet = useDevnet();

test("swaps, borrowers near the limit, a 10 % ETH crash: the keeper liquidates every position below 1.0", async () => {
  const lines: string[] = [];
  const report = await runDefiTraffic(devnet.rpcUrl, { borrowers: 6, log: (line) => lines.push(line) });
  expect(report.borrowers).toBe(6);
  // The two borrowers at 69 % fall below 1.0 (0.75 / 0.69 × 0.9 = 0.978); the others stay above.
  expect(report.liquidatable).toBe(2);
  expect(report.liquidations).toBeGreaterThanOrEqual(2);
  expect(report.leftLiquidatable).toBe(0);
  expect(report.swaps).toBeGreaterThan(0);
  expect(lines[2]).toBe("ETH falls 10 % to 1800 USD: 2 positions below 1.0");
}, 120_000);

test("traffic.yaml is a valid traffic document: every bot's config passes its scenario's schema", () => {
  const text = readFileSync(new URL("../traffic.yaml", import.meta.url), "utf8");
  const validation = validateTrafficDocument(text, { scenarios: scenarioRegistry([], [builtinScenarios]) });
  expect(validation.issues).toEqual([]);
  expect(validation.document?.bots.map((bot) => bot.scenario)).toEqual([
    "uniswap-v2",
    "lending",
    "liquidation-keeper",
  ]);
});

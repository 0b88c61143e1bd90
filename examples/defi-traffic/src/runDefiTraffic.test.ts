import { useDevnet } from "@privnet/devnet/vitest";
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

import { useDevnet } from "@privnet/devnet/vitest";
import { expect, test } from "vitest";
import { runScenario } from "./runScenario.js";

const devnet = useDevnet();

test("the scenario: wallets, the bot for 5 blocks, a crash, a liquidation with the 5 % bonus", async () => {
  const lines: string[] = [];
  const report = await runScenario(devnet, { blocks: 5, crashPercent: 40, log: (line) => lines.push(line) });
  expect(report.wallets).toHaveLength(2);
  expect(report.bot.blocks).toBeGreaterThanOrEqual(5);
  expect(report.bot.confirmed).toBeGreaterThanOrEqual(5);
  expect(report.price).toEqual({ before: "2000", after: "1200" });
  expect(report.healthFactor).toEqual({ before: "1.5", crashed: "0.9", after: "1.0125" });
  expect(report.liquidation).toEqual({ repaid: "500", seized: "0.4375" });
  expect(lines).toHaveLength(6);
  expect(lines.at(-1)).toBe("bob repays 500 USDC, seizes 0.4375 ETH: health factor 1.0125");
});

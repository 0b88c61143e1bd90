import { createPrivnetTest } from "@privnet/devnet/vitest";
import { parseEther } from "viem";
import { expect } from "vitest";
import { tipJarBot } from "./tipJarBot.js";

// The worker's platform, with the bot registered: `platform.bots` runs it like the built-in ones.
const test = createPrivnetTest({
  platform: { bots: { custom: [tipJarBot] } },
});
const jar = "0x00000000000000000000000000000000000071b5";

test("the tip-jar bot fills the jar, one confirmed tip per tick, recorded under its name", async ({
  platform,
}) => {
  const confirmed: string[] = [];
  const fiveTips = new Promise<void>((resolve) => {
    platform.events.on("bot", (event) => {
      if (event.bot !== "tip-jar" || event.transaction?.status !== "confirmed") return;
      confirmed.push(event.transaction.hash);
      if (confirmed.length === 5) resolve();
    });
  });

  const started = await platform.bots.start("tip-jar", { interval: 50, jar, tip: "0.25" });
  expect(started).toMatchObject({ bot: "tip-jar", status: "Running", changed: true });
  await fiveTips;
  await platform.bots.stop("tip-jar");
  await platform.bots.settled("tip-jar");

  // The overrides applied to that run; the jar got 0.25 ETH per confirmed tip.
  const { stats } = await platform.bots.get("tip-jar");
  expect(stats.confirmed).toBeGreaterThanOrEqual(5);
  expect(stats.failed).toBe(0);
  expect(await platform.client.getBalance({ address: jar })).toBe(
    parseEther("0.25") * BigInt(stats.confirmed),
  );
  const logs = await platform.bots.logs("tip-jar");
  expect(logs.transactions.map((entry) => entry.to.toLowerCase())).toContain(jar);
});

test("bad settings are refused before the bot starts", async ({ platform }) => {
  await expect(platform.bots.start("tip-jar", { tip: "lots" })).rejects.toMatchObject({
    code: "INVALID_BOT_CONFIG",
  });
  expect((await platform.bots.get("tip-jar")).status).toBe("Stopped");
});

import { useDevnet } from "@privnet/devnet/vitest";
import { expect, test } from "vitest";
import type { BotEvent } from "../context/BotEvent.js";
import { openBotPlatform } from "./fixtures/openBotPlatform.js";

const devnet = useDevnet();

test("a start asked during a stop begins once the old loop ended: one loop, events in order", async () => {
  const platform = await openBotPlatform(devnet.rpcUrl);
  try {
    const lifecycle: string[] = [];
    let confirmedSinceRestart = 0;
    const confirmedAgain = new Promise<void>((resolve) => {
      platform.events.on("bot", (event: BotEvent) => {
        if (event.bot !== "transfer") return;
        if (event.type === "started" || event.type === "stopped") lifecycle.push(event.type);
        if (
          event.type === "transaction" &&
          event.transaction?.status === "confirmed" &&
          lifecycle.length === 3
        ) {
          if (++confirmedSinceRestart === 2) resolve();
        }
      });
    });
    const firstConfirmed = new Promise<void>((resolve) => {
      platform.events.on("bot", (event) => {
        if (event.bot === "transfer" && event.transaction?.status === "confirmed") resolve();
      });
    });
    await platform.bots.start("transfer", { interval: 50 });
    await firstConfirmed;

    // Not awaited one by one: the stop winds the loop down while the start is asked.
    const [stopped, started] = await Promise.all([
      platform.bots.stop("transfer"),
      platform.bots.start("transfer", { interval: 60 }),
    ]);
    expect(stopped).toMatchObject({ status: "Stopped", changed: true });
    expect(started).toMatchObject({ status: "Running", changed: true });
    expect(lifecycle).toEqual(["started", "stopped", "started"]);
    expect(await platform.bots.get("transfer")).toMatchObject({
      status: "Running",
      config: { interval: 60 },
    });

    // The new run sends, and one stop ends it (a loop left over from the first run would go on).
    await confirmedAgain;
    expect(await platform.bots.stop("transfer")).toMatchObject({ status: "Stopped", changed: true });
    await platform.bots.settled("transfer");
    expect((await platform.bots.get("transfer")).stats).toMatchObject({ pending: 0, errors: 0 });
    expect(lifecycle).toEqual(["started", "stopped", "started", "stopped"]);
  } finally {
    await platform.close();
  }
});

import { useDevnet } from "@privnet/devnet/vitest";
import { afterEach, describe, expect, test } from "vitest";
import { InvalidTrafficDocumentError } from "../../errors/bots.js";
import type { Platform } from "../../platform/createPlatform.js";
import { memoryStorage } from "../../storage/memoryStorage.js";
import type { StorageAdapter } from "../../storage/StorageAdapter.js";
import { openBotPlatform } from "../fixtures/openBotPlatform.js";
import { stringifyTrafficDocument, type TrafficDocument } from "./trafficDocument.js";

const devnet = useDevnet();
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function open(): Promise<Platform> {
  const platform = await openBotPlatform(devnet.rpcUrl);
  cleanups.push(async () => {
    for (const name of platform.bots.names()) await platform.bots.stop(name);
    for (const name of platform.bots.names()) await platform.bots.settled(name);
    await platform.close();
  });
  return platform;
}

/** Resolves once `bot` has `count` confirmed transactions (bot events). */
function confirmations(platform: Platform, bot: string, count: number) {
  return new Promise<void>((resolve) => {
    let seen = 0;
    platform.events.on("bot", (event) => {
      if (event.bot === bot && event.type === "transaction" && event.transaction?.status === "confirmed") {
        if (++seen === count) resolve();
      }
    });
  });
}

const DOCUMENT: TrafficDocument = {
  version: 1,
  groups: [{ name: "tokens", txPerSecond: 8 }],
  bots: [
    { scenario: "transfer", config: { interval: 300, amount: "0.001", recipients: "fresh" } },
    {
      scenario: "transfer",
      name: "whale",
      config: { txPerBlock: 3, amount: "0.002", recipients: "fresh", wallets: 2, walletSeed: "w" },
    },
    { scenario: "erc20", name: "tokens-a", config: { recipients: "fresh" }, group: "tokens", weight: 1 },
    { scenario: "erc20", name: "tokens-b", config: { recipients: "fresh" }, group: "tokens", weight: 3 },
    { scenario: "nft", name: "idle-nft", config: { interval: 1000 }, start: false },
  ],
};

/** A storage that outlives the platform using it: a restart in one test. */
function keepOpen(storage: StorageAdapter): StorageAdapter {
  return { ...storage, close: async () => {} };
}

describe("traffic documents", () => {
  test("instances, their config and groups survive a restart; a running instance resumes", async () => {
    const storage = keepOpen(memoryStorage());
    const first = await openBotPlatform(devnet.rpcUrl, { storage });
    try {
      await first.bots.importTraffic({
        version: 1,
        groups: [{ name: "pair", txPerBlock: 4 }],
        bots: [
          { scenario: "transfer", name: "kept", config: { interval: 200, amount: "0.003" }, group: "pair" },
          { scenario: "erc20", name: "parked", start: false, config: { interval: 900 } },
        ],
      });
      await confirmations(first, "kept", 1);
    } finally {
      await first.close();
    }
    const second = await openBotPlatform(devnet.rpcUrl, { storage });
    try {
      expect(second.bots.names()).toEqual(expect.arrayContaining(["kept", "parked"]));
      expect(await second.bots.get("kept")).toMatchObject({ status: "Running", config: { amount: "0.003" } });
      expect(await second.bots.get("parked")).toMatchObject({ status: "Stopped", config: { interval: 900 } });
      expect(await second.bots.controls("kept")).toMatchObject({
        scenario: "transfer",
        instance: true,
        group: { name: "pair", weight: 1 },
      });
      await confirmations(second, "kept", 1);
    } finally {
      for (const name of second.bots.names()) await second.bots.stop(name);
      for (const name of second.bots.names()) await second.bots.settled(name);
      await second.close();
    }
  });

  test("exported from one platform and imported (as YAML) into another, which then runs the same", async () => {
    const source = await open();
    const imported = await source.bots.importTraffic(DOCUMENT);
    expect(imported).toEqual({
      created: ["whale", "tokens-a", "tokens-b", "idle-nft"],
      started: ["transfer", "whale", "tokens-a", "tokens-b"],
      stopped: [],
    });
    await Promise.all([confirmations(source, "whale", 2), confirmations(source, "tokens-b", 2)]);
    const exported = await source.bots.exportTraffic();
    expect(exported.groups).toEqual([{ name: "tokens", txPerSecond: 8 }]);
    expect(exported.bots.map((bot) => [bot.scenario, bot.name, bot.start ?? true])).toEqual([
      ["transfer", "transfer", true],
      ["transfer", "whale", true],
      ["erc20", "tokens-a", true],
      ["erc20", "tokens-b", true],
      ["nft", "idle-nft", false],
    ]);
    expect(exported.bots[1]?.config).toMatchObject({ txPerBlock: 3, wallets: 2, walletSeed: "w" });
    expect(exported.bots[3]).toMatchObject({ group: "tokens", weight: 3 });
    for (const name of source.bots.names()) await source.bots.stop(name);

    // Another platform (its own storage) on the same chain: one YAML text brings it all.
    const target = await open();
    const yaml = stringifyTrafficDocument(exported);
    expect(yaml).toContain("scenario: transfer");
    await target.bots.importTraffic(yaml);
    expect(await target.bots.exportTraffic()).toEqual(exported);
    const status = await target.bots.status();
    expect(status.whale?.status).toBe("Running");
    expect(status["idle-nft"]?.status).toBe("Stopped");
    expect(status.nft?.status).toBe("Stopped");
    expect((await target.bots.controls("tokens-b")).throughput).toMatchObject({ txPerSecond: 6 });
    expect((await target.bots.controls("tokens-a")).throughput).toMatchObject({ txPerSecond: 2 });
    // It sends: the whale from its pool's wallets (derived from its own key, as on the source).
    await confirmations(target, "whale", 2);
    expect((await target.bots.controls("whale")).wallets?.addresses).toEqual(
      (await source.bots.controls("whale")).wallets?.addresses,
    );
  });

  test("an invalid document is refused whole, every error listed by path, and nothing starts", async () => {
    const platform = await open();
    const before = await platform.bots.status();
    const invalid = {
      version: 1,
      groups: [{ name: "g", txPerBlock: 10, txPerSecond: 5 }],
      bots: [
        { scenario: "transfer", name: "ok-one", config: { txPerBlock: 5 } },
        { scenario: "nope", name: "x" },
        { scenario: "transfer", name: "bad", config: { amount: "-1", colour: "red" } },
        { scenario: "nft", name: "both", config: { txPerBlock: 5, txPerSecond: 2 } },
        { scenario: "erc20", name: "lost", group: "missing" },
        { scenario: "transfer", name: "ok-one" },
        { scenario: "transfer", name: "erc20" },
      ],
    };
    const error = await platform.bots.importTraffic(invalid).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(InvalidTrafficDocumentError);
    const issues = (error as InvalidTrafficDocumentError).issues;
    expect(issues.map((issue) => issue.path)).toEqual([
      "groups.0",
      "bots.1.scenario",
      "bots.2.config.amount",
      "bots.2.config.colour",
      "bots.3.config.txPerSecond",
      "bots.4.group",
      "bots.5.name",
      "bots.6.name",
    ]);
    expect((error as InvalidTrafficDocumentError).code).toBe("INVALID_TRAFFIC_DOCUMENT");
    for (const issue of issues) expect((error as Error).message).toContain(issue.path);

    // A document that is not even shaped right lists its shape's errors by path too.
    const shape = await platform.bots.validateTraffic("version: 2\nbots:\n  - name: 7\n");
    expect(shape.issues.map((issue) => issue.path)).toEqual(["version", "bots.0.scenario", "bots.0.name"]);

    // Nothing started, nothing was created, no group was set.
    expect(platform.bots.names()).toEqual(Object.keys(before));
    const after = await platform.bots.status();
    for (const entry of Object.values(after)) expect(entry.status).toBe("Stopped");
    expect(await platform.bots.exportTraffic()).toEqual({ version: 1, bots: [] });
  });
});

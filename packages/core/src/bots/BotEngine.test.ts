import { useDevnet } from "@privnet/devnet/vitest";
import { http, parseEther } from "viem";
import { describe, expect, test } from "vitest";
import { z } from "zod";
import { deriveAccounts } from "../chain/deriveAccounts.js";
import { SYSTEM_MNEMONIC } from "../chain/systemAccounts.js";
import { devNftAbi, testTokenAbi } from "../contracts/generated.js";
import { isPrivnetError } from "../errors/PrivnetError.js";
import type { CreatePlatformOptions, Platform } from "../platform/createPlatform.js";
import { memoryStorage } from "../storage/memoryStorage.js";
import { readWholeHistory } from "../storage/readWholeHistory.js";
import type { StorageAdapter } from "../storage/StorageAdapter.js";
import { defineBot } from "./defineBot.js";
import { nextBotEvents, transactionWith } from "./fixtures/nextBotEvents.js";
import { openBotPlatform } from "./fixtures/openBotPlatform.js";

const devnet = useDevnet();
const [transferKey, erc20Key, nftKey, customKey] = deriveAccounts(SYSTEM_MNEMONIC, [100, 101, 102, 110]);

const open = (options: Partial<CreatePlatformOptions> = {}) => openBotPlatform(devnet.rpcUrl, options);

/** The bot's records in the history, by status. */
async function historyOf(platform: Platform, bot: string) {
  const records = (await readWholeHistory(platform.storage)).filter((r) => r.source === bot);
  const count = (status: string) => records.filter((r) => r.status === status).length;
  return { sent: records.length, confirmed: count("confirmed"), failed: count("failed"), records };
}

/** A storage that outlives the platform using it: a restart in one test. */
function keepOpen(storage: StorageAdapter): StorageAdapter {
  return { ...storage, close: async () => {} };
}

describe("platform.bots", () => {
  test("the transfer bot sends from its own funded key (index 100); start/stop are harmless when repeated", async () => {
    const platform = await open();
    try {
      const before = await platform.bots.get("transfer");
      expect(before).toMatchObject({ status: "Stopped", address: transferKey?.address });
      expect(before.config).toEqual({
        interval: 5000,
        maxPending: 512,
        amount: "0.01",
        random: null,
        recipients: "wallets",
      });

      const confirmed = nextBotEvents(platform, "transfer", transactionWith("confirmed"), 3);
      const started = await platform.bots.start("transfer", { interval: 50 });
      expect(started).toMatchObject({ status: "Running", changed: true });
      await confirmed;
      const again = await platform.bots.start("transfer");
      expect(again).toMatchObject({
        status: "Running",
        changed: false,
        message: "The transfer bot is already running.",
      });
      expect((await platform.bots.get("transfer")).config.interval).toBe(50);

      expect(await platform.bots.stop("transfer")).toMatchObject({ status: "Stopped", changed: true });
      expect(await platform.bots.stop("transfer")).toMatchObject({ status: "Stopped", changed: false });
      await platform.bots.settled("transfer");

      const { stats, config } = await platform.bots.get("transfer");
      expect(config.interval).toBe(5000); // the override held for that run only
      const history = await historyOf(platform, "transfer");
      expect(stats).toMatchObject({
        sent: history.sent,
        confirmed: history.confirmed,
        failed: 0,
        pending: 0,
        errors: 0,
      });
      expect(history.sent).toBeGreaterThanOrEqual(3);
      for (const record of history.records) {
        expect(record.from).toBe(transferKey?.address);
        expect(record.value).toBe(parseEther("0.01"));
      }
      expect(stats.inclusionLatencyMs.average).not.toBeNull();
      // Funded from system account 20 through the sender.
      const funding = (await platform.storage.transactions.list({ limit: 100 })).filter(
        (r) => r.source === "bot-funding",
      );
      expect(funding).toHaveLength(1);
      expect(funding[0]).toMatchObject({
        to: transferKey?.address,
        value: parseEther("100"),
        status: "confirmed",
      });
      const logs = await platform.bots.logs("transfer", { limit: 2 });
      expect(logs.transactions).toHaveLength(2);
      expect(logs.transactions[0]?.id).toBeGreaterThan(logs.transactions[1]?.id ?? 0);
    } finally {
      await platform.close();
    }
  });

  test("the erc20 bot deploys its token once, transfers random amounts, and reuses the token after a restart", async () => {
    const storage = keepOpen(memoryStorage());
    const first = await open({ storage });
    let token: `0x${string}` | undefined;
    let transfers = 0;
    try {
      const deployed = nextBotEvents(first, "erc20", (e) => e.type === "deployed");
      const confirmed = nextBotEvents(first, "erc20", transactionWith("confirmed"), 3);
      await first.bots.start("erc20", { interval: 50, random: { min: "1", max: "5" } });
      token = (await deployed)[0]?.address;
      await confirmed;
      await first.bots.stop("erc20");
      await first.bots.settled("erc20");
      transfers = (await historyOf(first, "erc20")).confirmed - 1; // all but the deployment
    } finally {
      await first.close();
    }
    expect(token).toBeDefined();
    const address = token as `0x${string}`;
    const [supply, decimals, left] = await Promise.all([
      devnetRead(address, "totalSupply"),
      devnetRead(address, "decimals"),
      devnetRead(address, "balanceOf", [erc20Key?.address]),
    ]);
    expect(supply).toBe(parseEther("1000000"));
    expect(decimals).toBe(18);
    // Each transfer moved between 1 and 5 tokens (the run's random range).
    const moved = parseEther("1000000") - (left as bigint);
    expect(transfers).toBeGreaterThanOrEqual(2);
    expect(moved).toBeGreaterThanOrEqual(BigInt(transfers) * parseEther("1"));
    expect(moved).toBeLessThanOrEqual(BigInt(transfers) * parseEther("5"));

    const second = await open({ storage });
    try {
      let redeployed = false;
      second.events.on("bot", (e) => {
        if (e.type === "deployed") redeployed = true;
      });
      const confirmed = nextBotEvents(second, "erc20", transactionWith("confirmed"));
      await second.bots.start("erc20", { interval: 50 });
      const [event] = await confirmed;
      expect(event?.transaction?.to).toBe(address);
      expect(redeployed).toBe(false);
      await second.bots.stop("erc20");
      await second.bots.settled("erc20");
      const { stats } = await second.bots.get("erc20");
      const history = await historyOf(second, "erc20");
      // Counters continue across the restart and equal the history (deployment included).
      expect(stats).toMatchObject({ sent: history.sent, confirmed: history.confirmed, pending: 0 });
    } finally {
      await second.close();
    }
  });

  test("the nft bot deploys DevNFT, mints to itself and gives tokens away", async () => {
    const platform = await open();
    try {
      const deployed = nextBotEvents(platform, "nft", (e) => e.type === "deployed");
      await platform.bots.start("nft", { interval: 20, recipients: "fresh" });
      const nft = (await deployed)[0]?.address as `0x${string}`;
      const ownerOfFirst = () =>
        platform.client
          .readContract({ address: nft, abi: devNftAbi, functionName: "ownerOf", args: [1n] })
          .catch(() => undefined);
      // After each confirmed transaction of the bot: has token 1 been minted and given away yet?
      let owner = await ownerOfFirst();
      for (let seen = 0; (owner === undefined || owner === nftKey?.address) && seen < 100; seen++) {
        await nextBotEvents(platform, "nft", transactionWith("confirmed"));
        owner = await ownerOfFirst();
      }
      expect(owner).toBeDefined();
      expect(owner).not.toBe(nftKey?.address);
      await platform.bots.stop("nft");
      await platform.bots.settled("nft");
      const minted = await platform.client.readContract({
        address: nft,
        abi: devNftAbi,
        functionName: "totalMinted",
      });
      expect(minted).toBeGreaterThanOrEqual(1n);
      const { stats } = await platform.bots.get("nft");
      expect(stats).toMatchObject({ failed: 0, errors: 0, pending: 0 });
    } finally {
      await platform.close();
    }
  });

  test("the bots' contracts: null until deployed, then in the status and in bots.contracts() with their block and ABI", async () => {
    const platform = await open();
    try {
      const before = await platform.bots.status();
      expect([before.transfer?.contract, before.erc20?.contract, before.nft?.contract]).toEqual([
        null,
        null,
        null,
      ]);
      expect(await platform.bots.contracts()).toEqual({ erc20: null, nft: null });

      const deployed = Promise.all(
        (["erc20", "nft"] as const).map((bot) =>
          nextBotEvents(platform, bot, (event) => event.type === "deployed").then(
            ([event]) => event?.address,
          ),
        ),
      );
      await platform.bots.start("erc20", { interval: 50 });
      await platform.bots.start("nft", { interval: 50 });
      const [token, collection] = (await deployed) as [`0x${string}`, `0x${string}`];
      const after = await platform.bots.status();
      expect([after.transfer?.contract, after.erc20?.contract, after.nft?.contract]).toEqual([
        null,
        token,
        collection,
      ]);
      const contracts = await platform.bots.contracts();
      expect(contracts).toEqual({
        erc20: {
          name: "BOT",
          contract: "TestToken",
          address: token,
          blockNumber: expect.any(BigInt),
          abi: testTokenAbi,
        },
        nft: {
          name: "DevNFT",
          contract: "DevNFT",
          address: collection,
          blockNumber: expect.any(BigInt),
          abi: devNftAbi,
        },
      });
      // Each block is the one that deployed it: no code just before, code at it.
      for (const contract of [contracts.erc20, contracts.nft]) {
        const { address, blockNumber } = contract as { address: `0x${string}`; blockNumber: bigint };
        expect(await platform.client.getCode({ address, blockNumber: blockNumber - 1n })).toBeUndefined();
        expect(await platform.client.getCode({ address, blockNumber })).toMatch(/^0x[0-9a-f]+$/);
      }
    } finally {
      await platform.close();
    }
  });

  test("config: options, then environment, then the start request; fields that do not apply are refused", async () => {
    const platform = await open({
      bots: {
        transfer: { amount: "0.5", interval: 1000 },
        env: { TRANSFER_INTERVAL: "2000", TRANSFER_RANDOM: "true", NFT_MAX_PENDING: "3" },
      },
    });
    try {
      const status = await platform.bots.status();
      // The default catalogue: the seed's three, in its order.
      expect(Object.keys(status)).toEqual(["transfer", "erc20", "nft"]);
      expect(status.transfer?.config).toMatchObject({
        amount: "0.5",
        interval: 2000,
        random: { min: "0.001", max: "0.1" },
      });
      expect(status.nft?.config).toEqual({ interval: 5000, maxPending: 3, recipients: "wallets" });
      expect(status.erc20?.config.random).toEqual({ min: "1", max: "100" });

      const refusals: [string, unknown, RegExp][] = [
        ["nft", { amount: "1" }, /amount does not apply/],
        ["nft", { random: { min: "1", max: "2" } }, /random does not apply/],
        ["transfer", { interval: -1 }, /interval/],
        ["transfer", { amount: "1e3" }, /amount/],
        ["transfer", { random: { min: "2", max: "1" } }, /min must not be above max/],
        ["erc20", { colour: "red" }, /colour does not apply/],
      ];
      for (const [bot, overrides, message] of refusals) {
        const error = await platform.bots.start(bot, overrides).catch((e: unknown) => e);
        expect(isPrivnetError(error, "INVALID_BOT_CONFIG"), `${bot} ${JSON.stringify(overrides)}`).toBe(true);
        expect((error as Error).message).toMatch(message);
        expect((await platform.bots.get(bot)).status).toBe("Stopped");
      }
      const unknown = await platform.bots.start("nope").catch((e: unknown) => e);
      expect(isPrivnetError(unknown, "BOT_NOT_FOUND")).toBe(true);
    } finally {
      await platform.close();
    }
    const bad = await open({ bots: { env: { TRANSFER_INTERVAL: "soon" } } }).catch((e: unknown) => e);
    expect(isPrivnetError(bad, "INVALID_BOT_CONFIG")).toBe(true);
    expect((bad as Error).message).toMatch(/TRANSFER_INTERVAL=soon/);
  });

  test("a running bot resumes after a restart; a stopped one stays stopped", async () => {
    const storage = keepOpen(memoryStorage());
    const first = await open({ storage });
    try {
      const confirmed = nextBotEvents(first, "transfer", transactionWith("confirmed"));
      await first.bots.start("transfer", { interval: 100, amount: "0.02" });
      await confirmed;
    } finally {
      await first.close();
    }
    const second = await open({ storage });
    try {
      expect((await second.bots.get("transfer")).status).toBe("Running");
      expect((await second.bots.get("transfer")).config).toMatchObject({ interval: 100, amount: "0.02" });
      expect((await second.bots.get("erc20")).status).toBe("Stopped");
      await nextBotEvents(second, "transfer", transactionWith("confirmed"));
      await second.bots.stop("transfer");
      await second.bots.settled("transfer");
      const { stats } = await second.bots.get("transfer");
      const history = await historyOf(second, "transfer");
      expect(stats).toMatchObject({ sent: history.sent, confirmed: history.confirmed, pending: 0 });
    } finally {
      await second.close();
    }
  });

  test("a custom bot gets its own key, stats and lifecycle; its errors are counted and it keeps going", async () => {
    let ticks = 0;
    const flaky = defineBot({
      name: "flaky",
      schema: z.object({ value: z.string() }),
      defaults: { interval: 20, value: "1" },
      async tick(ctx) {
        ticks++;
        if (ticks % 2 === 0) throw new Error(`tick ${ticks} failed on purpose`);
        await ctx.send({ to: ctx.address, value: BigInt(ctx.config.value) });
      },
    });
    const platform = await open({ bots: { custom: [flaky] } });
    try {
      expect(platform.bots.names()).toEqual(["transfer", "erc20", "nft", "flaky"]);
      const errors = nextBotEvents(platform, "flaky", (e) => e.type === "error", 2);
      const confirmed = nextBotEvents(platform, "flaky", transactionWith("confirmed"), 3);
      await platform.bots.start("flaky", { value: "7" });
      const [firstError] = await errors;
      expect(firstError?.error).toMatchObject({ code: null, message: expect.stringMatching(/on purpose/) });
      await confirmed; // it kept sending after its errors
      await platform.bots.stop("flaky");
      await platform.bots.settled("flaky");
      const flakyStatus = await platform.bots.get("flaky");
      expect(flakyStatus.address).toBe(customKey?.address);
      expect(flakyStatus.stats.errors).toBeGreaterThanOrEqual(2);
      expect(flakyStatus.stats.lastError?.message).toMatch(/on purpose/);
      expect(flakyStatus.stats.sent).toBe((await historyOf(platform, "flaky")).sent);
      const dup = await platform.bots.register(flaky).catch((e: unknown) => e);
      expect(isPrivnetError(dup, "BOT_EXISTS")).toBe(true);
    } finally {
      await platform.close();
    }
    expect(() => defineBot({ name: "x", keyIndex: 5, tick: async () => {} })).toThrow(/reserved/);
    expect(() => defineBot({ name: "Bad Name", tick: async () => {} })).toThrow(/bot name/);
  });
});

function devnetRead(address: `0x${string}`, functionName: string, args: unknown[] = []) {
  return import("viem").then(({ createPublicClient }) =>
    createPublicClient({ chain: devnet.chain, transport: http(devnet.rpcUrl) }).readContract({
      address,
      abi: testTokenAbi,
      functionName: functionName as "totalSupply",
      args: args as [],
    }),
  );
}

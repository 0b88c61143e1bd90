import type { Address } from "viem";
import { describe, expectTypeOf, test } from "vitest";
import { z } from "zod";
import {
  type AmountRange,
  type BotBaseConfig,
  type BotDefinition,
  type BotTransition,
  createPlatform,
  defineBot,
  defineCatalogue,
  type Platform,
  type SeedBots,
  seedBots,
  type TransferBotConfig,
} from "../index.js";

declare const platform: Platform<[SeedBots]>;

describe("defineBot", () => {
  test("the config type is inferred from the schema, beside interval and maxPending", () => {
    defineBot({
      name: "pinger",
      schema: z.object({ target: z.string(), count: z.number().int() }),
      defaults: { interval: 1000, target: "0xdead", count: 1 },
      async tick(ctx) {
        expectTypeOf(ctx.config).toEqualTypeOf<{
          interval: number;
          maxPending: number;
          target: string;
          count: number;
          txPerBlock?: number | undefined;
          txPerSecond?: number | undefined;
          wallets?: number | undefined;
          walletSeed?: string | undefined;
        }>();
      },
    });
  });

  test("defaults are checked against the schema's fields and types", () => {
    defineBot({
      name: "pinger",
      schema: z.object({ target: z.string() }),
      // @ts-expect-error a misspelt setting
      defaults: { targett: "0xdead" },
      tick: async () => {},
    });
    defineBot({
      name: "pinger",
      schema: z.object({ target: z.string() }),
      // @ts-expect-error the wrong type
      defaults: { target: 1 },
      tick: async () => {},
    });
  });

  test("what setup returns is the state each tick gets; without setup it is undefined", () => {
    const counter = defineBot({
      name: "counter",
      setup: async (ctx) => ({ token: ctx.address, seen: [] as bigint[] }),
      tick: async (_ctx, state) => {
        expectTypeOf(state).toEqualTypeOf<{ token: Address; seen: bigint[] }>();
      },
    });
    expectTypeOf(counter.name).toEqualTypeOf<"counter">();
    defineBot({
      name: "stateless",
      tick: async (ctx, state) => {
        expectTypeOf(state).toEqualTypeOf<undefined>();
        expectTypeOf(ctx.config).toEqualTypeOf<BotBaseConfig>();
      },
    });
  });

  test("any defined bot registers, and goes in bots.custom, without a cast", async () => {
    const bot = defineBot({
      name: "pinger",
      schema: z.object({ target: z.string() }),
      setup: async () => 1n,
      tick: async (_ctx, state: bigint) => {
        expectTypeOf(state).toEqualTypeOf<bigint>();
      },
    });
    expectTypeOf(bot).toExtend<BotDefinition>();
    await platform.bots.register(bot);
    await createPlatform({ transport: {} as never, bots: { custom: [bot] } });
  });
});

describe("platform.bots.start", () => {
  test("a built-in bot's overrides are its own settings: a misspelt or mistyped one does not compile", async () => {
    expectTypeOf(
      await platform.bots.start("transfer", { interval: 1000, amount: "0.05" }),
    ).toEqualTypeOf<BotTransition>();
    await platform.bots.start("erc20", { random: { min: "1", max: "2" }, recipients: "fresh" });
    await platform.bots.start("nft", { recipients: "wallets" });
    // @ts-expect-error `intervall` is not a setting of the transfer bot
    await platform.bots.start("transfer", { intervall: 1000 });
    // @ts-expect-error amounts are decimal strings
    await platform.bots.start("erc20", { amount: 5 });
    // @ts-expect-error the nft bot has no amount
    await platform.bots.start("nft", { amount: "1" });
  });

  test("custom bots' names and names known only as strings still work", async () => {
    await platform.bots.start("pinger", { target: "0xdead", anything: 1 });
    const name: string = "transfer";
    const body: unknown = JSON.parse("{}");
    await platform.bots.start(name, body);
    await platform.bots.start("transfer");
  });

  test("the built-in configs are what their schemas parse", () => {
    expectTypeOf<TransferBotConfig>().toEqualTypeOf<{
      interval: number;
      maxPending: number;
      amount: string;
      random: AmountRange | null;
      recipients: "wallets" | "fresh";
      txPerBlock?: number | undefined;
      txPerSecond?: number | undefined;
      wallets?: number | undefined;
      walletSeed?: string | undefined;
    }>();
  });
});

describe("catalogues", () => {
  test("the catalogues given to createPlatform type its options and bots.start; any platform is a Platform", async () => {
    const pinger = defineBot({
      name: "pinger",
      schema: z.object({ target: z.string() }),
      defaults: { target: "0xdead" },
      tick: async () => {},
    });
    const mine = defineCatalogue([pinger]);
    const typed = await createPlatform({
      transport: {} as never,
      bots: { catalogues: [seedBots, mine], pinger: { target: "0xbeef" }, transfer: { amount: "1" } },
    });
    await typed.bots.start("pinger", { target: "0xdead" });
    await typed.bots.start("transfer", { amount: "0.5" });
    // @ts-expect-error the pinger's target is a string
    await typed.bots.start("pinger", { target: 1 });
    // @ts-expect-error `amount` is not a setting of the pinger
    await typed.bots.start("pinger", { amount: "1" });
    // @ts-expect-error a catalogue bot's settings in the options are checked too
    await createPlatform({ transport: {} as never, bots: { catalogues: [mine], pinger: { target: 1 } } });
    const any: Platform = typed;
    await any.bots.start("pinger", { whatever: 1 });
  });
});

import { createPlatform } from "@privnet/core";
import { seedBots } from "@privnet/core/bots";
import { http } from "viem";
import { expectTypeOf, test } from "vitest";
import type { ApproveTransferFromConfig } from "./approveTransferFromBot.js";
import { customScenarios } from "./customScenarios.js";
import type { DeployCallConfig } from "./deployCallBot.js";

// Type tests: `npm run typecheck` (tsc) checks them; nothing here runs (the platform is only typed).
const makePlatform = () =>
  createPlatform({ transport: http(), bots: { catalogues: [seedBots, customScenarios] } });
type ExamplePlatform = Awaited<ReturnType<typeof makePlatform>>;
declare const platform: ExamplePlatform;

test("platform.bots.start is typed from the catalogue: each scenario takes its own settings", async () => {
  await platform.bots.start("deploy-call", { calls: 3, interval: 500 });
  await platform.bots.start("approve-transfer-from", { amount: "2", random: null, recipients: "fresh" });
  await platform.bots.start("approve-transfer-from"); // every setting has a default
  await platform.bots.start("transfer", { amount: "0.5" }); // the seed's bots beside them
  // @ts-expect-error calls is a number
  await platform.bots.start("deploy-call", { calls: "3" });
  // @ts-expect-error amount is approve-transfer-from's setting, not deploy-call's
  await platform.bots.start("deploy-call", { amount: "1" });
  // @ts-expect-error a misspelt setting does not compile
  await platform.bots.start("approve-transfer-from", { ammount: "1" });
  // @ts-expect-error recipients is "wallets" or "fresh"
  await platform.bots.start("approve-transfer-from", { recipients: "everyone" });
});

test("createPlatform's per-bot settings are checked against the catalogue too", () => {
  void createPlatform({
    transport: http(),
    bots: {
      catalogues: [customScenarios],
      "deploy-call": { calls: 2 },
      "approve-transfer-from": { amount: "5" },
    },
  });
  void createPlatform({
    transport: http(),
    // @ts-expect-error calls is a number
    bots: { catalogues: [customScenarios], "deploy-call": { calls: "2" } },
  });
});

test("the settings' types are the schemas' outputs, with interval and maxPending", () => {
  expectTypeOf<DeployCallConfig>().toEqualTypeOf<{
    interval: number;
    maxPending: number;
    txPerBlock?: number | undefined;
    txPerSecond?: number | undefined;
    wallets?: number | undefined;
    walletSeed?: string | undefined;
    calls: number;
  }>();
  expectTypeOf<ApproveTransferFromConfig["recipients"]>().toEqualTypeOf<"wallets" | "fresh">();
  expectTypeOf<ApproveTransferFromConfig["random"]>().toEqualTypeOf<{ min: string; max: string } | null>();
});

import { type BotEvent, createPlatform, type Platform, type TransactionEntry } from "@privnet/core";
import { useDevnet } from "@privnet/devnet/vitest";
import { type AdminServer, createAdminServer } from "@privnet/express-adapter";
import { curlRequest, httpRequest, postJson } from "@privnet/http/testing";
import { type Address, getAddress, http, isAddressEqual, toFunctionSelector } from "viem";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { EXAMPLE_TOKEN_SUPPLY, spenderAccount } from "./approveTransferFromBot.js";
import { customScenarios } from "./customScenarios.js";
import { counterAbi, exampleTokenAbi } from "./generated.js";

// One devnet and one platform for the file, its tests in order: the token the first one deploys
// is the one the admin API's run reuses.
const devnet = useDevnet({ isolateTests: false });
let platform: Platform<[typeof customScenarios]>;
let admin: AdminServer;

beforeAll(async () => {
  // The catalogue, handed to the platform as privnet's own are: its bots are the platform's scenarios.
  platform = await createPlatform({
    transport: http(devnet.rpcUrl),
    bots: { catalogues: [customScenarios] },
  });
  // The admin API of that platform, assembled by hand on a free port.
  admin = await createAdminServer(platform, { port: 0, logger: false });
});

afterAll(async () => {
  await admin?.close();
  await platform?.close();
});

/**
 * Resolves with the first `count` confirmed transactions of `bot` that `which` picks, as the
 * platform reports them; rejects at the first of the bot's transactions that failed.
 */
function confirmations(bot: string, count: number, which: (entry: TransactionEntry) => boolean = () => true) {
  return new Promise<TransactionEntry[]>((resolve, reject) => {
    const seen: TransactionEntry[] = [];
    const listener = (event: BotEvent) => {
      const entry = event.transaction;
      if (event.bot !== bot || !entry) return;
      if (entry.status === "failed") {
        platform.events.off("bot", listener);
        reject(new Error(`${bot}: transaction ${entry.hash} failed`));
      }
      if (entry.status !== "confirmed" || !which(entry)) return;
      seen.push(entry);
      if (seen.length < count) return;
      platform.events.off("bot", listener);
      resolve(seen);
    };
    platform.events.on("bot", listener);
  });
}

const transferFromSelector = toFunctionSelector("transferFrom(address,address,uint256)");
const incrementSelector = toFunctionSelector("increment()");

describe("through createPlatform", () => {
  test("approve-transfer-from: each tick an approval, then a transferFrom by the spender that spends it", async () => {
    const bot = "approve-transfer-from";
    const owner = (await platform.bots.get(bot)).address;
    const spender = spenderAccount(owner).address;
    const pulls = confirmations(bot, 3, (entry) => entry.selector === transferFromSelector);

    const started = await platform.bots.start(bot, { interval: 50, random: { min: "2", max: "5" } });
    expect(started).toMatchObject({ bot, status: "Running", changed: true });
    await pulls;
    await platform.bots.stop(bot);
    await platform.bots.settled(bot);

    const { contract: token, stats } = await platform.bots.get(bot);
    expect(token).not.toBeNull();
    expect(stats).toMatchObject({ failed: 0, errors: 0 });
    const pairs = stats.counters?.pairs ?? 0;
    expect(pairs).toBeGreaterThanOrEqual(3);

    // On chain: one Approval(owner, spender, a) per pair, each followed by the spender's
    // transferFrom moving a from the owner (the mint is the one Transfer from 0x0).
    const events = { address: token as Address, abi: exampleTokenAbi, fromBlock: 0n } as const;
    const [approvals, transfers] = await Promise.all([
      platform.client.getContractEvents({ ...events, eventName: "Approval" }),
      platform.client.getContractEvents({ ...events, eventName: "Transfer" }),
    ]);
    const pulled = transfers.filter((log) => isAddressEqual(log.args.from as Address, owner));
    expect(approvals).toHaveLength(pairs);
    expect(pulled).toHaveLength(pairs);
    for (const [index, approval] of approvals.entries()) {
      const transfer = pulled[index];
      expect(approval.args).toMatchObject({ owner, spender, value: transfer?.args.value });
      expect(approval.args.value).toBeGreaterThanOrEqual(2n * 10n ** 18n);
      expect(approval.args.value).toBeLessThanOrEqual(5n * 10n ** 18n);
      // The transferFrom was mined after its approval, and sent by the spender.
      expect(transfer?.blockNumber).toBeGreaterThan(approval.blockNumber);
      const sent = await platform.client.getTransaction({ hash: transfer?.transactionHash as `0x${string}` });
      expect(getAddress(sent.from)).toBe(spender);
    }
    // Each transferFrom spent its approval whole.
    const read = (
      functionName: "allowance" | "balanceOf",
      args: readonly [Address] | readonly [Address, Address],
    ) =>
      platform.client.readContract({
        address: token as Address,
        abi: exampleTokenAbi,
        functionName,
        args,
      } as never);
    expect(await read("allowance", [owner, spender])).toBe(0n);
    const moved = pulled.reduce((sum, log) => sum + (log.args.value ?? 0n), 0n);
    expect(await read("balanceOf", [owner])).toBe(EXAMPLE_TOKEN_SUPPLY - moved);

    // In the history under the scenario's name, both senders' transactions, every one confirmed.
    const records = (await platform.transactions.list({ source: bot, limit: 500 })).filter(
      (entry) => entry.kind === "call",
    );
    expect(records.filter((entry) => entry.selector === transferFromSelector)).toHaveLength(pairs);
    expect(records.every((entry) => entry.status === "confirmed")).toBe(true);
    expect(new Set(records.map((entry) => getAddress(entry.from)))).toEqual(new Set([owner, spender]));
  });

  test("deploy-call: each tick a new Counter, then its calls; every counter counts them", async () => {
    const bot = "deploy-call";
    const calls = confirmations(bot, 3 * 2, (entry) => entry.selector === incrementSelector);

    await platform.bots.start(bot, { interval: 50, calls: 3 });
    await calls;
    await platform.bots.stop(bot);
    await platform.bots.settled(bot);

    const { stats } = await platform.bots.get(bot);
    expect(stats).toMatchObject({ failed: 0, errors: 0 });
    const history = await platform.transactions.list({ source: bot, limit: 500 });
    expect(history.every((entry) => entry.status === "confirmed")).toBe(true);
    // A deployment is recorded with its contract as `to`.
    const counters = history.filter((entry) => entry.kind === "deploy").map((entry) => entry.to);
    expect(counters.length).toBeGreaterThanOrEqual(2);
    for (const counter of counters) {
      expect(
        await platform.client.readContract({ address: counter, abi: counterAbi, functionName: "count" }),
      ).toBe(3n);
      const called = history.filter((entry) => entry.selector === incrementSelector && entry.to === counter);
      expect(called).toHaveLength(3);
    }
  });

  test("settings the schema refuses, and a wallet pool, are refused before anything starts", async () => {
    await expect(platform.bots.start("deploy-call", { calls: 0 })).rejects.toMatchObject({
      code: "INVALID_BOT_CONFIG",
    });
    await expect(platform.bots.start("approve-transfer-from", { wallets: 2 })).rejects.toMatchObject({
      code: "INVALID_BOT_CONFIG",
      message: expect.stringContaining("spender"),
    });
    expect((await platform.bots.get("deploy-call")).status).toBe("Stopped");
    expect((await platform.bots.get("approve-transfer-from")).status).toBe("Stopped");
  });
});

describe("through the admin API of a platform assembled by hand", () => {
  test("GET /bots/scenarios and /bots/status list the catalogue's scenarios, with their settings' schema", async () => {
    const scenarios = await fetch(`${admin.url}/bots/scenarios`);
    expect(scenarios.status).toBe(200);
    const listed = (await scenarios.json()) as { name: string }[];
    expect(listed.map((entry) => entry.name)).toEqual(["approve-transfer-from", "deploy-call"]);
    // The catalogue's bots are the platform's built-in scenarios; a form can be made from the schema.
    expect(listed[1]).toMatchObject({
      builtin: true,
      defaults: { interval: 1_000, calls: 1 },
      configSchema: { properties: { calls: { type: "integer", minimum: 1, maximum: 10 } } },
    });
    const status = await fetch(`${admin.url}/bots/status`);
    expect(await status.json()).toMatchObject({
      "approve-transfer-from": { status: "Stopped", config: { amount: "1", recipients: "wallets" } },
      "deploy-call": { status: "Stopped", config: { calls: 1 } },
    });
  });

  test("POST /bots/deploy-call/start with no body at all starts it with its defaults; its stop route stops it", async () => {
    const firstCall = confirmations("deploy-call", 1, (entry) => entry.selector === incrementSelector);
    // `curl -s -X POST …/bots/deploy-call/start`: no Content-Length, no body.
    const started = await curlRequest(`${admin.url}/bots/deploy-call/start`, { method: "POST" });
    expect(started).toMatchObject({
      status: 200,
      body: { bot: "deploy-call", status: "Running", changed: true, config: { interval: 1_000, calls: 1 } },
    });
    const [call] = await firstCall;
    expect(
      await platform.client.readContract({
        address: call?.to as Address,
        abi: counterAbi,
        functionName: "count",
      }),
    ).toBe(1n);
    const stopped = await curlRequest(`${admin.url}/bots/deploy-call/stop`, { method: "POST" });
    expect(stopped).toMatchObject({
      status: 200,
      body: { bot: "deploy-call", status: "Stopped", changed: true },
    });
    await platform.bots.settled("deploy-call");
  });

  test("POST /bots/approve-transfer-from/start with Content-Length: 0 starts it; a bad setting is a 400", async () => {
    const bad = await postJson(`${admin.url}/bots/approve-transfer-from/start`, { amount: "lots" });
    expect(bad).toMatchObject({
      status: 400,
      body: { code: "INVALID_BOT_CONFIG", error: expect.stringContaining("amount") },
    });
    const unknown = await httpRequest(`${admin.url}/bots/no-such-scenario/start`, { method: "POST" });
    expect(unknown).toMatchObject({ status: 404, body: { code: "BOT_NOT_FOUND" } });

    const pull = confirmations(
      "approve-transfer-from",
      1,
      (entry) => entry.selector === transferFromSelector,
    );
    const started = await httpRequest(`${admin.url}/bots/approve-transfer-from/start`, { method: "POST" });
    expect(started).toMatchObject({
      status: 200,
      body: { bot: "approve-transfer-from", status: "Running", changed: true, config: { interval: 1_000 } },
    });
    await pull;
    const stopped = await httpRequest(`${admin.url}/bots/approve-transfer-from/stop`, { method: "POST" });
    expect(stopped).toMatchObject({ status: 200, body: { status: "Stopped", changed: true } });
    await platform.bots.settled("approve-transfer-from");
    // The token of the first test, reused (a bot's contract is remembered), its allowance spent again.
    const { contract: token, address: owner } = await platform.bots.get("approve-transfer-from");
    expect(
      await platform.client.readContract({
        address: token as Address,
        abi: exampleTokenAbi,
        functionName: "allowance",
        args: [owner, spenderAccount(owner).address],
      }),
    ).toBe(0n);
  });
});
